import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import { custom, fakeServer, KEY_A, KEY_B, run, settingsFile, storedRecords } from './practice-harness';

/** Between two runs, something damages the practice's stored record (here: its region). */
function damage(file: string, change: (record: Record<string, unknown>) => void): void {
  const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>[]>;
  change(data['vault.practices']![0]!);
  writeFileSync(file, JSON.stringify(data));
}

async function connectedThenDamaged(change: (record: Record<string, unknown>) => void) {
  const honest = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'id-a', secret: 'sk-a' });
  const file = settingsFile();
  const cipher = createSessionCipher();
  expect(
    (await run(file, cipher).session.connect(custom(honest.url, 'id-a', 'sk-a', { confirmAddress: true }))).ok,
  ).toBe(true);
  damage(file, change);
  const { session } = run(file, cipher);
  await session.restore();
  return { honest, file, session };
}

describe('a damaged vault record locks its practice, which stays bound', () => {
  it('is listed as needing repair, is not active, and nothing is sent for it', async () => {
    const { honest, session } = await connectedThenDamaged((r) => (r.region = 'Atlantis'));
    const list = await session.list();
    expect(list.practices).toEqual([
      expect.objectContaining({ practiceKey: KEY_A, name: 'Harbourside', problem: expect.stringMatching(/damaged/) }),
    ]);
    expect(list.activePracticeKey).toBeNull();
    expect(session.writeTarget(KEY_A)).toBeNull();
    expect(session.readTarget(KEY_A)).toBeNull();
    expect(session.startSync(KEY_A, [])).toBe(false);
    expect(honest.requests).toHaveLength(1); // only the first connect
  });

  it('another server cannot claim its key: refused, not active, and the outbox has nowhere to send', async () => {
    const { file, session } = await connectedThenDamaged((r) => (r.region = 'Atlantis'));
    const impostor = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'id-evil', secret: 'sk' });
    const answer = await session.connect(custom(impostor.url, 'id-evil', 'sk', { confirmAddress: true }));
    expect(answer).toMatchObject({ ok: false, message: expect.stringMatching(/already connected on this laptop/) });
    expect((await session.list()).activePracticeKey).toBeNull();
    expect(session.writeTarget(KEY_A)).toBeNull();
    // The damaged record is still there, untouched, and no record for the impostor was written.
    expect(storedRecords(file)).toEqual([expect.objectContaining({ practiceKey: KEY_A, region: 'Atlantis' })]);
  });

  it('with its address unreadable, no server can claim it (not even at a guessed address)', async () => {
    const honest = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'id-a', secret: 'sk-a' });
    const file = settingsFile();
    expect((await run(file).session.connect(custom(honest.url, 'id-a', 'sk-a', { confirmAddress: true }))).ok).toBe(
      true,
    );
    damage(file, (r) => (r.baseUrl = 42));
    const blind = run(file).session; // another keyring: the ciphertext cannot be read
    await blind.restore();
    expect((await blind.list()).practices[0]).toMatchObject({ practiceKey: KEY_A, problem: expect.any(String) });
    expect(await blind.connect(custom(honest.url, 'id-a', 'sk-a', { confirmAddress: true }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/saved record is damaged.*Sign out of that practice first/),
    });
  });

  it('is repaired by entering the secret again for the same address and Client ID', async () => {
    const { honest, file, session } = await connectedThenDamaged((r) => (r.canWrite = 'yes'));
    expect(await session.connect(custom(honest.url, 'id-a', 'sk-a'))).toMatchObject({
      ok: true,
      practice: { practiceKey: KEY_A, problem: null },
    });
    expect((await session.list()).activePracticeKey).toBe(KEY_A);
    expect(session.writeTarget(KEY_A)).not.toBeNull();
    expect(storedRecords(file)).toEqual([expect.objectContaining({ practiceKey: KEY_A, canWrite: true })]);
  });

  it('is removed by signing out of it, and only then may another server have the key', async () => {
    const { file, session } = await connectedThenDamaged((r) => (r.region = 'Atlantis'));
    expect((await session.signOut(KEY_A)).removed).toBe(true);
    expect(storedRecords(file)).toEqual([]);
    const other = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'id-new', secret: 'sk' });
    expect((await session.connect(custom(other.url, 'id-new', 'sk', { confirmAddress: true }))).ok).toBe(true);
  });

  it('a record that does not say which practice it is keeps every new practice out until it is removed', async () => {
    const { session } = await connectedThenDamaged((r) => {
      r.practiceKey = 'garbled';
      r.cipherText = null;
    });
    const list = await session.list();
    expect(list.practices).toEqual([]);
    expect(list.complete).toBe(false);
    const newcomer = await fakeServer({ practiceKey: KEY_B, name: 'Northgate', clientId: 'id-b', secret: 'sk-b' });
    expect(await session.connect(custom(newcomer.url, 'id-b', 'sk-b', { confirmAddress: true }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/does not say which practice it is/),
    });
    expect((await session.list()).activePracticeKey).toBeNull();
  });
});
