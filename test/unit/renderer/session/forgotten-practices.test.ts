import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  describeForgotten,
  removeForgottenPractices,
  type ForgottenPractice,
} from '../../../../src-renderer/session/forgotten-practices';
import { createPracticeDatabases } from '../../../../src-renderer/data/practice-db';
import { memoryStorage } from '../../../support/memory-storage';

const known = '11111111-1111-4111-8111-111111111111';
const withUnsent = '22222222-2222-4222-8222-222222222222';
const nothingUnsent = '33333333-3333-4333-8333-333333333333';
const databases = createPracticeDatabases();

afterEach(async () => {
  for (const key of await databases.listKeys()) await databases.delete(key);
});

/** Three practice databases as a laptop may hold them: one main knows, two it does not (one with an unsent action). */
async function seed(): Promise<void> {
  await databases.of(known).outbox.add({ id: 'a', status: 'pending' } as never);
  await databases.of(withUnsent).outbox.add({ id: 'b', status: 'pending' } as never);
  await databases.of(withUnsent).outbox.add({ id: 'c', status: 'done' } as never);
  await databases.of(nothingUnsent).outbox.add({ id: 'd', status: 'done' } as never);
  await databases.of(nothingUnsent).entities.add({ entityKey: 'e', search: 'x' } as never);
}

describe('data of practices main no longer knows, at start', () => {
  it('deletes a database without unsent actions silently, and keeps one with unsent actions until the user confirms', async () => {
    await seed();
    const noDatabase = '44444444-4444-4444-8444-444444444444';
    const storage = memoryStorage({
      [`sync-paused:${nothingUnsent}`]: '1',
      [`sync-paused:${known}`]: '1',
      [`sync-paused:${noDatabase}`]: '1',
    });
    const asked: ForgottenPractice[][] = [];
    const report = await removeForgottenPractices({
      databases,
      knownKeys: async () => [known],
      confirm: async (practices) => (asked.push(practices), false),
      storage,
    });
    expect(asked).toEqual([[{ practiceKey: withUnsent, unsent: 1 }]]);
    expect(describeForgotten(asked[0]![0]!)).toBe(
      '1 unsent action for a practice that is no longer connected on this laptop',
    );
    expect(report).toEqual({ deleted: [nothingUnsent], kept: [withUnsent] });
    expect((await databases.listKeys()).sort()).toEqual([known, withUnsent]);
    // Settings of forgotten practices go too (with or without a database); the known practice's stay.
    expect(storage.keys()).toEqual([`sync-paused:${known}`]);
    // Kept means kept whole: the unsent action is still there to be sent if the practice is connected again.
    expect(await databases.of(withUnsent).outbox.count()).toBe(2);

    // The next start asks again; confirmed, the database goes.
    const confirm = vi.fn(async () => true);
    expect(
      await removeForgottenPractices({
        databases,
        knownKeys: async () => [known],
        confirm,
        storage,
      }),
    ).toEqual({
      deleted: [withUnsent],
      kept: [],
    });
    expect(confirm).toHaveBeenCalledWith([{ practiceKey: withUnsent, unsent: 1 }]);
    expect(await databases.listKeys()).toEqual([known]);
  });

  it('asks nothing when no forgotten database holds unsent actions, and never touches the known practices', async () => {
    await seed();
    const confirm = vi.fn(async () => true);
    const report = await removeForgottenPractices({
      databases,
      knownKeys: async () => [known, withUnsent.toUpperCase()],
      confirm,
      storage: memoryStorage(),
    });
    expect(report).toEqual({ deleted: [nothingUnsent], kept: [] });
    expect(confirm).not.toHaveBeenCalled();
    expect(await databases.of(known).outbox.count()).toBe(1);
  });

  it('a practice connected again while the user was being asked keeps its data', async () => {
    await seed();
    let knownNow = [known];
    const report = await removeForgottenPractices({
      databases,
      knownKeys: async () => knownNow,
      confirm: async () => {
        knownNow = [known, withUnsent];
        return true;
      },
      storage: memoryStorage(),
    });
    expect(report).toEqual({ deleted: [nothingUnsent], kept: [withUnsent] });
    expect((await databases.listKeys()).sort()).toEqual([known, withUnsent]);
  });

  it('deletes nothing when the list of practices cannot be read', async () => {
    await seed();
    const knownKeys = () => Promise.reject(new Error('main is restarting'));
    await expect(
      removeForgottenPractices({
        databases,
        knownKeys,
        confirm: async () => true,
      }),
    ).rejects.toThrow('main is restarting');
    expect((await databases.listKeys()).sort()).toEqual([known, withUnsent, nothingUnsent]);
  });
});
