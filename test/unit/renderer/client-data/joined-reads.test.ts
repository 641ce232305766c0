import { describe, expect, it, vi } from 'vitest';
import type { ReadResult } from '../../../../src-preload/contract/reads';
import { joinRead, type InFlightRead } from '../../../../src-renderer/client-data/joined-reads';
import { joinClientRead } from '../../../../src-renderer/client-data/use-client-data';
import type { ClientReadContext } from '../../../../src-renderer/client-data/client-reads';

const practiceKey = '8c3c5c1e-0f7b-4c53-9a8e-2f4f6c0e1a11';
const entityKey = '1d2c6b1a-5e0f-4f2e-8f6a-3b9d2c7e4a10';
const failed: ReadResult = { ok: false, problem: 'failed', message: 'The practice did not answer.' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A practice whose reads answer only when the test says so; it records each read's input and each cancel. */
function fakePractice() {
  const answers: ((result: ReadResult) => void)[] = [];
  const read = vi.fn((_input: { cancelId?: string }) => new Promise<ReadResult>((resolve) => answers.push(resolve)));
  const cancel = vi.fn(async (_input: { cancelId: string }) => ({ cancelled: true }));
  const ctx = {
    companion: { practice: { read, cancel } },
    db: { readsInFlight: new Map<string, unknown>() },
    practiceKey,
    priority: 'interactive',
    now: () => new Date('2026-11-27T10:00:00Z'),
  } as unknown as ClientReadContext;
  const sentId = (n: number) => read.mock.calls[n]![0].cancelId;
  return { ctx, read, cancel, sentId, answer: (n: number, result: ReadResult) => answers[n]!(result) };
}

describe("a client's read shared by several components (the header and a tab)", () => {
  it('is one request, cancelled only when the last component using it goes, with the id it was sent with', async () => {
    const practice = fakePractice();
    const header = joinClientRead(practice.ctx, entityKey, 'proposals');
    const tab = joinClientRead(practice.ctx, entityKey, 'proposals');
    expect(practice.read).toHaveBeenCalledTimes(1);
    expect(practice.sentId(0)).toMatch(/^[0-9a-f-]{36}$/);

    header.leave();
    header.leave(); // a second cleanup of the same component counts once
    expect(practice.cancel).not.toHaveBeenCalled();

    tab.leave();
    expect(practice.cancel).toHaveBeenCalledTimes(1);
    expect(practice.cancel).toHaveBeenCalledWith({ cancelId: practice.sentId(0) });
  });

  it('a cancelled read leaves nothing behind: the next component to ask reads again', async () => {
    const practice = fakePractice();
    const first = joinClientRead(practice.ctx, entityKey, 'proposals');
    first.leave();
    expect(practice.cancel).toHaveBeenCalledTimes(1);

    const next = joinClientRead(practice.ctx, entityKey, 'proposals');
    expect(practice.read).toHaveBeenCalledTimes(2);
    expect(practice.sentId(1)).not.toBe(practice.sentId(0));

    // The cancelled read's late answer ends only itself; the new read stays shared until it answers.
    practice.answer(0, failed);
    await expect(first.answer).resolves.toMatchObject({ ok: false });
    joinClientRead(practice.ctx, entityKey, 'proposals');
    expect(practice.read).toHaveBeenCalledTimes(2);
    practice.answer(1, failed);
    await expect(next.answer).resolves.toMatchObject({ ok: false });
  });

  it('another client or part is another read', () => {
    const practice = fakePractice();
    joinClientRead(practice.ctx, entityKey, 'proposals');
    joinClientRead(practice.ctx, entityKey, 'statements');
    expect(practice.read).toHaveBeenCalledTimes(2);
  });
});

describe('joinRead', () => {
  it('a read that answered is forgotten, and leaving afterwards stops nothing', async () => {
    const inFlight = new Map<string, InFlightRead>();
    const signals: AbortSignal[] = [];
    const joined = joinRead(inFlight, 'k', async (signal) => {
      signals.push(signal);
      return 'answer';
    });
    await expect(joined.answer).resolves.toBe('answer');
    await settle();
    expect(inFlight.size).toBe(0);
    joined.leave();
    expect(signals[0]!.aborted).toBe(false);
  });

  it('stops the read (its signal aborts) only when every user has left', () => {
    const inFlight = new Map<string, InFlightRead>();
    let signal!: AbortSignal;
    const read = (s: AbortSignal) => {
      signal = s;
      return new Promise<string>(() => undefined);
    };
    const users = [joinRead(inFlight, 'k', read), joinRead(inFlight, 'k', read), joinRead(inFlight, 'k', read)];
    users[0]!.leave();
    users[2]!.leave();
    expect(signal.aborted).toBe(false);
    expect(inFlight.get('k')?.users).toBe(1);
    users[1]!.leave();
    expect(signal.aborted).toBe(true);
    expect(inFlight.has('k')).toBe(false);
  });
});
