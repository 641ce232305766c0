import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SETTLE_MARGIN_MS } from '../../../src-preload/contract/outbox/send-evidence';
import { judgeAbsence, practiceClock } from '../../../src-main/outbox/practice-clock';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';

const PRACTICE_NOW = Date.parse('2026-11-21T10:00:00Z');
/** An API whose every answer carries the practice's Date header (or none). */
const apiAnsweringAt = (serverDate: Date | null) =>
  ({
    request: async () => ({ data: null, status: 200, serverDate }),
    list: async () => ({ data: [], rejected: [], status: 200, serverDate }),
    file: async () => ({ data: new Uint8Array(), status: 200, serverDate }),
  }) as unknown as PartnerApiClient;

const readThrough = async (clock: ReturnType<typeof practiceClock>) => {
  await clock.api.request('GET', '/x', z.unknown());
};

describe("verification on the practice's clock", () => {
  it("places the send by the read's Date header less how long ago it went out: the laptop's own clock never enters", async () => {
    // A laptop 15 minutes fast measures the same 90 s since the send as a right one.
    const clock = practiceClock(
      apiAnsweringAt(new Date(PRACTICE_NOW)),
      { sentAtPractice: null, sentAgoMs: 90_000 },
      () => PRACTICE_NOW + 15 * 60_000,
    );
    await readThrough(clock);
    expect(clock.sentAt()).toEqual({ at: PRACTICE_NOW - 90_000, byPractice: true });
    expect(clock.now()).toEqual({ at: PRACTICE_NOW, byPractice: true });
  });

  it("prefers the Date header of the send's own answer", async () => {
    const sentAtPractice = PRACTICE_NOW - 10 * 60_000;
    const clock = practiceClock(apiAnsweringAt(new Date(PRACTICE_NOW)), { sentAtPractice, sentAgoMs: 1_000 });
    await readThrough(clock);
    expect(clock.sentAt()).toEqual({ at: sentAtPractice, byPractice: true });
  });

  it('"absent" too soon after the send is "not yet": read again when the margin has passed, with what was read and when', async () => {
    const clock = practiceClock(apiAnsweringAt(new Date(PRACTICE_NOW)), { sentAtPractice: null, sentAgoMs: 48_000 });
    await readThrough(clock);
    const verdict = judgeAbsence({ verdict: 'absent', note: 'No lead with this name at the practice.' }, clock);
    expect(verdict).toMatchObject({
      verdict: 'not-yet',
      checkAgainInMs: SETTLE_MARGIN_MS - 48_000,
      practiceAt: new Date(PRACTICE_NOW).toISOString(),
      note: expect.stringMatching(/^Read at 10:00:00 UTC by the practice's clock, 48 s after it was sent: No lead/),
    });
  });

  it('"absent" once the practice is past the send by the margin is believed, and says when it was read', async () => {
    const clock = practiceClock(apiAnsweringAt(new Date(PRACTICE_NOW)), {
      sentAtPractice: PRACTICE_NOW - SETTLE_MARGIN_MS,
      sentAgoMs: 0, // the laptop's measure does not matter once the practice's clock is known both ends
    });
    await readThrough(clock);
    expect(judgeAbsence({ verdict: 'absent', note: 'None.' }, clock)).toMatchObject({
      verdict: 'absent',
      note: "Read at 10:00:00 UTC by the practice's clock, 5 min after it was sent: None.",
    });
  });

  it('found and unknown pass unchanged; without any Date header the laptop measures the wait and says so', async () => {
    const clock = practiceClock(apiAnsweringAt(null), { sentAtPractice: null, sentAgoMs: 10_000 });
    await readThrough(clock);
    expect(judgeAbsence({ verdict: 'found', result: { id: 1 } }, clock)).toEqual({
      verdict: 'found',
      result: { id: 1 },
    });
    expect(judgeAbsence({ verdict: 'unknown', reason: 'two' }, clock)).toEqual({ verdict: 'unknown', reason: 'two' });
    expect(judgeAbsence({ verdict: 'absent' }, clock)).toMatchObject({
      verdict: 'not-yet',
      note: expect.stringMatching(/the practice gave no time/),
    });
  });
});
