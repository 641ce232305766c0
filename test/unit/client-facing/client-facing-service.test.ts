import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createClientFacing, FREE_TRIES, waitAfter } from '../../../src-main/client-facing/client-facing-service';
import { hashPin, pinMatches } from '../../../src-main/client-facing/pin-hash';
import type * as PinHash from '../../../src-main/client-facing/pin-hash';
import { createJsonFileSettings } from '../../../src-main/settings/json-file-settings';

// Every real comparison of a PIN with its hash is counted: a try refused by the wait is never compared.
vi.mock('../../../src-main/client-facing/pin-hash', async (importOriginal) => {
  const actual = await importOriginal<typeof PinHash>();
  return { ...actual, pinMatches: vi.fn(actual.pinMatches) };
});
const comparisons = () => vi.mocked(pinMatches).mock.calls.length;
beforeEach(() => {
  vi.mocked(pinMatches).mockClear();
});

const practiceKey = '2b0f3c1e-8a4d-4f6b-9c2e-5d7a1b3c4e5f';
const otherPractice = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const alice = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const bob = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const clientA = '7d3e9a10-4c2b-4e8f-a1d5-0b6c8e2f4a91';
const clientB = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const target = { practiceKey, entityKey: clientA };
/** Entering as Alice, of the practice. */
const asAlice = { ...target, userKey: alice };
const aliceOwner = { practiceKey, userKey: alice };

/** Main over a settings file on disk; calling it again with the same file is a restart of the app. */
function setUp() {
  const file = join(mkdtempSync(join(tmpdir(), 'client-facing-')), 'settings.json');
  let now = Date.parse('2026-11-26T10:00:00Z');
  const clock = { now: () => new Date(now) };
  const start = () => createClientFacing({ settings: createJsonFileSettings(file), clock, pinCost: 1024 });
  return { file, start, advance: (ms: number) => (now += ms) };
}

describe('client-facing mode in main', () => {
  it("refuses a PIN shorter than the administrator's policy asks, on the way in and in Settings", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'client-facing-')), 'settings.json');
    const clock = { now: () => new Date('2026-11-26T10:00:00Z') };
    const mode = createClientFacing({ settings: createJsonFileSettings(file), clock, pinCost: 1024, pinMinLength: 6 });
    await expect(mode.enter({ ...asAlice, newPin: '2468' })).rejects.toThrow(
      'Your administrator asks for a PIN of at least 6 digits',
    );
    expect(mode.status().active).toBeNull();
    expect((await mode.changePin(aliceOwner, '', '135790')).accepted).toBe(true);
    await expect(mode.changePin(aliceOwner, '135790', '1357')).rejects.toThrow(/at least 6 digits/);
    expect((await mode.enter(asAlice)).active).toEqual(target);
  });

  it('keeps a salted slow hash of the PIN, never the PIN, and only the right PIN leaves', async () => {
    const { file, start } = setUp();
    const mode = start();
    await expect(mode.enter(asAlice)).rejects.toThrow(/Choose a PIN/);
    expect((await mode.enter({ ...asAlice, newPin: '482916' })).active).toEqual(target);
    const saved = readFileSync(file, 'utf8');
    expect(saved).not.toContain('482916');
    expect(Object.values(JSON.parse(saved)['clientFacing.pins'])).toEqual([
      expect.objectContaining({ salt: expect.any(String), hash: expect.any(String) }),
    ]);
    // A second laptop with the same PIN keeps a different hash: the salt is random.
    const other = setUp().start();
    await other.enter({ ...asAlice, newPin: '482916' });
    expect(other.status().pinSet).toBe(true);

    expect((await mode.exit('000000')).accepted).toBe(false);
    expect(mode.status().active).toEqual(target);
    expect((await mode.exit('482916')).accepted).toBe(true);
    expect(mode.status().active).toBeNull();
    // The second use asks no new PIN, and refuses to replace it on the way in.
    await expect(mode.enter({ ...asAlice, newPin: '111111' })).rejects.toThrow(/already set/);
    expect((await mode.enter(asAlice)).active).toEqual(target);
  });

  it('comes back in the mode after a restart', async () => {
    const { start } = setUp();
    await start().enter({ ...asAlice, newPin: '2468' });
    const restarted = start();
    expect(restarted.status().active).toEqual(target);
    expect(restarted.isActive()).toBe(true);
  });

  it('slows wrong tries down after the free ones, and the wait survives a restart', async () => {
    const { start, advance } = setUp();
    const mode = start();
    await mode.enter({ ...asAlice, newPin: '2468' });
    for (let i = 0; i < FREE_TRIES - 1; i++) expect((await mode.exit('9999')).retryInMs).toBe(0);
    const third = await mode.exit('9999');
    expect(third.retryInMs).toBe(waitAfter(FREE_TRIES));
    expect(third.retryInMs).toBeGreaterThan(0);

    // Restarted during the wait: the right PIN is not even checked until it is over.
    const restarted = start();
    expect(restarted.status().retryInMs).toBe(waitAfter(FREE_TRIES));
    const early = await restarted.exit('2468');
    expect(early.accepted).toBe(false);
    expect(restarted.status().active).toEqual(target);

    // Each further wrong try waits longer.
    advance(waitAfter(FREE_TRIES));
    expect((await restarted.exit('9999')).retryInMs).toBe(waitAfter(FREE_TRIES + 1));
    expect(waitAfter(FREE_TRIES + 1)).toBeGreaterThan(waitAfter(FREE_TRIES));

    advance(waitAfter(FREE_TRIES + 1));
    expect((await restarted.exit('2468')).accepted).toBe(true);
    // A right PIN starts the count again.
    expect(restarted.status().retryInMs).toBe(0);
  });

  it('changes the PIN only with the current one, and never while the window shows a client', async () => {
    const { start } = setUp();
    const mode = start();
    // Settings may set the first PIN before the mode was ever used.
    expect((await mode.changePin(aliceOwner, '', '1357')).accepted).toBe(true);
    expect((await mode.changePin(aliceOwner, '0000', '8642')).accepted).toBe(false);
    expect((await mode.changePin(aliceOwner, '1357', '8642')).accepted).toBe(true);
    await mode.enter(asAlice);
    // From the client's side of the screen, not even a PIN nobody has yet can be set.
    await expect(mode.changePin({ practiceKey, userKey: bob }, '', '1111')).rejects.toThrow(/Leave client view/);
    expect(mode.status({ practiceKey, userKey: bob }).pinSet).toBe(false);
    expect((await mode.exit('1357')).accepted).toBe(false);
    expect((await mode.exit('8642')).accepted).toBe(true);
  });
});

describe('the PIN belongs to the practice and the person', () => {
  it('another practice, another "This is me" or nobody chosen each set their own PIN before the first entry', async () => {
    const mode = setUp().start();
    await mode.enter({ ...asAlice, newPin: '2468' });
    await mode.exit('2468');
    expect(mode.status(aliceOwner).pinSet).toBe(true);
    // Bob at the same laptop, nobody chosen, and Alice in another practice: none reuses Alice's PIN.
    for (const owner of [
      { practiceKey, userKey: bob },
      { practiceKey, userKey: null },
      { practiceKey: otherPractice, userKey: alice },
    ]) {
      expect(mode.status(owner).pinSet, JSON.stringify(owner)).toBe(false);
      await expect(mode.enter({ ...owner, entityKey: clientA })).rejects.toThrow(/Choose a PIN/);
    }
    expect(mode.status().active).toBeNull();
    // Bob's own PIN leaves his mode; Alice's does not.
    await mode.enter({ practiceKey, entityKey: clientB, userKey: bob, newPin: '1357' });
    expect((await mode.exit('2468')).accepted).toBe(false);
    expect((await mode.exit('1357')).accepted).toBe(true);
  });

  it('signing out of a practice forgets its PINs, so joining it again asks for one; not while it is shown', async () => {
    const mode = setUp().start();
    await mode.enter({ ...asAlice, newPin: '2468' });
    await mode.enter({ ...asAlice }); // the same client again: nothing changes
    mode.forgetPractice(practiceKey);
    // Still the way out of the mode that is on.
    expect((await mode.exit('2468')).accepted).toBe(true);
    await mode.changePin({ practiceKey: otherPractice, userKey: alice }, '', '8642');
    mode.forgetPractice(practiceKey);
    expect(mode.status(aliceOwner).pinSet).toBe(false);
    expect(mode.status({ practiceKey: otherPractice, userKey: alice }).pinSet).toBe(true);
    await expect(mode.enter(asAlice)).rejects.toThrow(/Choose a PIN/);
  });

  it('a mode an older build entered (one PIN, nobody’s) is still left with that PIN, and shown until then', async () => {
    const { file, start } = setUp();
    writeFileSync(
      file,
      JSON.stringify({ 'clientFacing.active': target, 'clientFacing.pin': await hashPin('2468', 1024) }),
    );
    const mode = start();
    expect(mode.status()).toMatchObject({ active: target, pinSet: true });
    expect((await mode.exit('1111')).accepted).toBe(false);
    expect((await mode.exit('2468')).accepted).toBe(true);
    // Once left, the old PIN belongs to nobody: the next entry asks for one.
    await expect(mode.enter(asAlice)).rejects.toThrow(/Choose a PIN/);
    await mode.enter({ ...asAlice, newPin: '1357' });
    expect(JSON.parse(readFileSync(file, 'utf8'))['clientFacing.pin']).toBeUndefined();
  });
});

describe('the PIN cannot be bypassed or raced', () => {
  it('an enter for another client while one is shown is refused: only the PIN leaves it', async () => {
    const mode = setUp().start();
    await mode.enter({ ...asAlice, newPin: '2468' });
    await expect(mode.enter({ ...target, entityKey: clientB, userKey: alice })).rejects.toThrow(
      /already shows a client/,
    );
    // Not with a PIN for a new owner either, nor from another practice.
    await expect(
      mode.enter({ practiceKey: otherPractice, entityKey: clientB, userKey: bob, newPin: '1111' }),
    ).rejects.toThrow(/already shows a client/);
    expect(mode.status().active).toEqual(target);
    expect(mode.status({ practiceKey: otherPractice, userKey: bob }).pinSet).toBe(false);
    // The same client again is no switch: nothing changes.
    expect((await mode.enter(asAlice)).active).toEqual(target);
  });

  it('31 exits at once, 30 wrong and the right one last: at most 3 compared, and the right one refused during the wait', async () => {
    const { start, advance } = setUp();
    const mode = start();
    await mode.enter({ ...asAlice, newPin: '482916' });
    vi.mocked(pinMatches).mockClear();
    const guesses = [...Array.from({ length: 30 }, (_, i) => String(100000 + i)), '482916'];
    const answers = await Promise.all(guesses.map((pin) => mode.exit(pin)));
    expect(comparisons()).toBeLessThanOrEqual(FREE_TRIES);
    expect(answers.every((a) => !a.accepted)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ accepted: false, retryInMs: waitAfter(FREE_TRIES) });
    expect(mode.status().active).toEqual(target);

    advance(waitAfter(FREE_TRIES));
    expect((await mode.exit('482916')).accepted).toBe(true);
  });

  it('a try is counted, with its wait, before the slow comparison: a crash during it does not give the try back', async () => {
    const { file, start } = setUp();
    const mode = start();
    await mode.enter({ ...asAlice, newPin: '2468' });
    for (let i = 0; i < FREE_TRIES - 1; i++) await mode.exit('9999');
    // The third try, still being compared: the file already holds it and the wait it earns.
    let compared!: () => void;
    vi.mocked(pinMatches).mockImplementationOnce(
      () => new Promise<boolean>((resolve) => (compared = () => resolve(false))),
    );
    const third = mode.exit('9999');
    await vi.waitFor(() => expect(compared).toBeDefined());
    const during = JSON.parse(readFileSync(file, 'utf8'))['clientFacing.tries'];
    expect(during.failures).toBe(FREE_TRIES);
    // Restarted right now (the comparison never finished): the right PIN waits like any other.
    expect((await start().exit('2468')).accepted).toBe(false);
    compared();
    expect((await third).accepted).toBe(false);
  });
});
