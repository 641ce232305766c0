import { describe, expect, it, vi } from 'vitest';
import type { DocumentOpenResult } from '../../../../../src-preload/contract/documents';
import { openWhileShown } from '../../../../../src-renderer/features/documents/open-while-shown';

const input = {
  practiceKey: '8c3c5c1e-0f7b-4c53-9a8e-2f4f6c0e1a11',
  ref: { kind: 'bill', id: '42' },
  entityKey: '1d2c6b1a-5e0f-4f2e-8f6a-3b9d2c7e4a10',
} as const;

const opened: DocumentOpenResult = {
  ok: false,
  problem: 'not-available',
  message: 'The practice has no PDF of this bill.',
};

/** A bridge whose `documents.open` answers only when the test says so. */
function fakeBridge() {
  let answer!: (result: DocumentOpenResult) => void;
  const open = vi.fn(
    (_input: Record<string, unknown>) => new Promise<DocumentOpenResult>((resolve) => (answer = resolve)),
  );
  const cancel = vi.fn(async (_input: { cancelId: string }) => ({ cancelled: true }));
  const companion = { documents: { open }, practice: { cancel } } as never;
  return { companion, open, cancel, answer: (result: DocumentOpenResult) => answer(result) };
}

describe('the document screen: an open is cancelled when the screen goes', () => {
  it('sends the open with a cancel id and shows its answer while the screen stays', async () => {
    const bridge = fakeBridge();
    const show = vi.fn();
    openWhileShown(bridge.companion, input, show);
    await vi.waitFor(() =>
      expect(bridge.open).toHaveBeenCalledWith({ ...input, cancelId: expect.stringMatching(/^[0-9a-f-]{36}$/) }),
    );
    bridge.answer(opened);
    await vi.waitFor(() => expect(show).toHaveBeenCalledWith(opened));
    expect(bridge.cancel).not.toHaveBeenCalled();
  });

  it('leaving tells main to cancel that very call, and its late answer is not shown', async () => {
    const bridge = fakeBridge();
    const show = vi.fn();
    const leave = openWhileShown(bridge.companion, input, show);
    await vi.waitFor(() => expect(bridge.open).toHaveBeenCalled());
    const sent = bridge.open.mock.calls[0]![0];
    leave();
    expect(bridge.cancel).toHaveBeenCalledTimes(1);
    expect(bridge.cancel).toHaveBeenCalledWith({ cancelId: sent.cancelId });
    bridge.answer({ ok: false, problem: 'failed', message: 'cancelled' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(show).not.toHaveBeenCalled();
  });

  it('a screen that goes at once (mounted twice in development) sends neither the open nor a cancel', async () => {
    const bridge = fakeBridge();
    const show = vi.fn();
    openWhileShown(bridge.companion, input, show)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bridge.open).not.toHaveBeenCalled();
    expect(bridge.cancel).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });

  it('leaving after the answer came sends no cancel', async () => {
    const bridge = fakeBridge();
    const show = vi.fn();
    const leave = openWhileShown(bridge.companion, input, show);
    await vi.waitFor(() => expect(bridge.open).toHaveBeenCalled());
    bridge.answer(opened);
    await vi.waitFor(() => expect(show).toHaveBeenCalled());
    leave();
    expect(bridge.cancel).not.toHaveBeenCalled();
  });
});
