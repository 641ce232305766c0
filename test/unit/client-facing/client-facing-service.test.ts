import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClientFacing, FREE_TRIES, waitAfter } from '../../../src-main/client-facing/client-facing-service';
import { createJsonFileSettings } from '../../../src-main/settings/json-file-settings';

const target = {
  practiceKey: '2b0f3c1e-8a4d-4f6b-9c2e-5d7a1b3c4e5f',
  entityKey: '7d3e9a10-4c2b-4e8f-a1d5-0b6c8e2f4a91',
};

/** Main over a settings file on disk; calling it again with the same file is a restart of the app. */
function setUp() {
  const file = join(mkdtempSync(join(tmpdir(), 'client-facing-')), 'settings.json');
  let now = Date.parse('2026-11-26T10:00:00Z');
  const clock = { now: () => new Date(now) };
  const start = () => createClientFacing({ settings: createJsonFileSettings(file), clock, pinCost: 1024 });
  return { file, start, advance: (ms: number) => (now += ms) };
}

describe('client-facing mode in main', () => {
  it('keeps a salted slow hash of the PIN, never the PIN, and only the right PIN leaves', async () => {
    const { file, start } = setUp();
    const mode = start();
    await expect(mode.enter(target)).rejects.toThrow(/Choose a PIN/);
    expect((await mode.enter({ ...target, newPin: '482916' })).active).toEqual(target);
    const saved = readFileSync(file, 'utf8');
    expect(saved).not.toContain('482916');
    expect(JSON.parse(saved)['clientFacing.pin']).toMatchObject({ salt: expect.any(String), hash: expect.any(String) });
    // A second laptop with the same PIN keeps a different hash: the salt is random.
    const other = setUp().start();
    await other.enter({ ...target, newPin: '482916' });
    expect(other.status().pinSet).toBe(true);

    expect((await mode.exit('000000')).accepted).toBe(false);
    expect(mode.status().active).toEqual(target);
    expect((await mode.exit('482916')).accepted).toBe(true);
    expect(mode.status().active).toBeNull();
    // The second use asks no new PIN, and refuses to replace it on the way in.
    await expect(mode.enter({ ...target, newPin: '111111' })).rejects.toThrow(/already set/);
    expect((await mode.enter(target)).active).toEqual(target);
  });

  it('comes back in the mode after a restart', async () => {
    const { start } = setUp();
    await start().enter({ ...target, newPin: '2468' });
    const restarted = start();
    expect(restarted.status().active).toEqual(target);
    expect(restarted.isActive()).toBe(true);
  });

  it('slows wrong tries down after the free ones, and the wait survives a restart', async () => {
    const { start, advance } = setUp();
    const mode = start();
    await mode.enter({ ...target, newPin: '2468' });
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

  it('changes the PIN only with the current one', async () => {
    const { start } = setUp();
    const mode = start();
    // Settings may set the first PIN before the mode was ever used.
    expect((await mode.changePin('', '1357')).accepted).toBe(true);
    expect((await mode.changePin('0000', '8642')).accepted).toBe(false);
    expect((await mode.changePin('1357', '8642')).accepted).toBe(true);
    await mode.enter(target);
    expect((await mode.exit('1357')).accepted).toBe(false);
    expect((await mode.exit('8642')).accepted).toBe(true);
  });
});
