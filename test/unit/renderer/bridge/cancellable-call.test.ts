import { describe, expect, it, vi } from 'vitest';
import { cancellableCall } from '../../../../src-renderer/bridge/cancellable-call';

const fakePractice = () => {
  const cancel = vi.fn(async (_input: { cancelId: string }) => ({ cancelled: true }));
  return { cancel, companion: { practice: { cancel } } as never };
};

describe('cancellableCall: a bridge call tied to the caller’s signal', () => {
  it('sends no cancel id without a signal', async () => {
    const { cancel, companion } = fakePractice();
    const call = vi.fn(async (id: string | undefined) => id);
    expect(await cancellableCall(companion, undefined, call)).toBeUndefined();
    expect(cancel).not.toHaveBeenCalled();
  });

  it('tells main to cancel the call with its id when the signal aborts, and only then', async () => {
    const { cancel, companion } = fakePractice();
    const controller = new AbortController();
    let finish!: (value: string) => void;
    let sentId: string | undefined;
    const answer = cancellableCall(companion, controller.signal, (id) => {
      sentId = id;
      return new Promise<string>((resolve) => (finish = resolve));
    });
    expect(sentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(cancel).not.toHaveBeenCalled();
    controller.abort();
    expect(cancel).toHaveBeenCalledWith({ cancelId: sentId });
    finish('late');
    expect(await answer).toBe('late');
  });

  it('forgets the call once it ended: a later abort sends nothing', async () => {
    const { cancel, companion } = fakePractice();
    const controller = new AbortController();
    await cancellableCall(companion, controller.signal, async () => 'done');
    controller.abort();
    expect(cancel).not.toHaveBeenCalled();
  });

  it('does not start a call whose signal is already aborted', async () => {
    const { companion } = fakePractice();
    const call = vi.fn(async () => 'sent');
    await expect(cancellableCall(companion, AbortSignal.abort(), call)).rejects.toThrow();
    expect(call).not.toHaveBeenCalled();
  });
});
