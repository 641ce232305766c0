import type { Companion } from '../../../src-preload/contract/companion';
import type { DocumentOpenResult } from '../../../src-preload/contract/documents';
import { cancellableCall } from '../../bridge/cancellable-call';
import { describeFailure } from '../../ui/words/describe-failure';

type OpenInput = Omit<Parameters<Companion['documents']['open']>[0], 'cancelId'>;

/**
 * Opens a document for a screen that shows it, and returns what the screen calls when it goes (the user left,
 * or it now shows another document): main is told to stop the download or read under way (`practice.cancel`
 * with the call's own id), so a document nobody looks at no longer spends the request budget, and the late
 * answer is not shown.
 */
export function openWhileShown(
  companion: Pick<Companion, 'practice' | 'documents'>,
  input: OpenInput,
  show: (result: DocumentOpenResult) => void,
): () => void {
  const leaving = new AbortController();
  // Sent a microtask later: a screen that goes at once (React's StrictMode mounts it twice in development)
  // then sends nothing at all rather than an open and its cancel.
  void Promise.resolve()
    .then(() =>
      cancellableCall(companion, leaving.signal, (cancelId) =>
        companion.documents.open({ ...input, ...(cancelId ? { cancelId } : {}) }),
      ),
    )
    .then((result) => {
      if (!leaving.signal.aborted) show(result);
    })
    .catch((error: unknown) => {
      if (!leaving.signal.aborted) show({ ok: false, problem: 'failed', message: describeFailure(error) });
    });
  return () => leaving.abort();
}
