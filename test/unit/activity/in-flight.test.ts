import { describe, expect, it } from 'vitest';
import { createInFlightWork } from '../../../src-main/activity/in-flight';

describe('work main has in flight', () => {
  it('is busy from the moment a send or download starts until it settles, whether it succeeds or fails', async () => {
    const work = createInFlightWork();
    const changes: boolean[] = [];
    work.onChange(() => changes.push(work.isBusy()));
    let finish: () => void = () => undefined;
    const sending = work.track('send', () => new Promise<string>((resolve) => (finish = () => resolve('done'))));
    expect(work.isBusy()).toBe(true);
    expect(work.count('send')).toBe(1);
    const failing = work.track('download', async () => {
      throw new Error('offline');
    });
    await expect(failing).rejects.toThrow('offline');
    expect(work.count('download')).toBe(0);
    expect(work.isBusy()).toBe(true);
    finish();
    expect(await sending).toBe('done');
    expect(work.isBusy()).toBe(false);
    expect(changes).toEqual([true, true, true, false]);
  });
});
