import { useEffect } from 'react';
import type { OperationName } from '../../src-preload/contract/outbox/operations';
import type { OutboxService } from '../outbox/outbox-job';
import { preloadAll } from '../ui/LazyLoad';
import type { StartedWrite, Tells } from './shared/action-start';
import type { StartPart } from './shared/operation-parts';
import { partsOf } from './registry';
import { usePreloadActionHost, type ActionRequest, type OpenAction, type StartableName } from './action-context';

const startOf = (name: OperationName): StartPart => partsOf(name).start;

/**
 * Queues what a start wrote: the summary from the written operation's own description, the client from the
 * start's `clientOf` (the services dialog may queue a line edit instead of its own replacement).
 */
export function queueStarted(
  outbox: Pick<OutboxService, 'queue'>,
  request: ActionRequest,
  write: StartedWrite<Tells>,
): Promise<string> {
  return outbox.queue({
    operation: write.operation,
    payload: write.payload,
    summary: partsOf(write.operation).description.summary(write.told as never),
    entityKey: startOf(request.name).clientOf(request.about as never),
    dependsOn: write.dependsOn ?? [],
  });
}

/**
 * `openAction` for the root: a dialog start is shown through `show`, a direct one is queued at once (with
 * no dialog to show why it could not be queued, such as read-only credentials, `failed` says it).
 */
export function createActionOpener(deps: {
  outbox: Pick<OutboxService, 'queue'>;
  show(request: ActionRequest): void;
  failed(error: unknown): void;
}): OpenAction {
  return (name, about) => {
    const start = startOf(name);
    const request = { name, about };
    if (start.kind === 'dialog') deps.show(request);
    else queueStarted(deps.outbox, request, start.write(about as never)).catch(deps.failed);
  };
}

/** The dialog of a start, for the host (null for one queued at once). */
export const dialogOf = (name: StartableName) => {
  const start = startOf(name);
  return start.kind === 'dialog' ? start : null;
};

/** Fetches the forms of these operations while the screen is read, so their dialogs open with the form at once. */
export function usePreloadedForms(names: readonly StartableName[]): void {
  const key = names.join(' ');
  const preloadHost = usePreloadActionHost();
  useEffect(
    () => {
      preloadHost();
      preloadAll(names.flatMap((name) => dialogOf(name)?.forms ?? []));
    },
    // The list is written out at the call site; its names are the identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, preloadHost],
  );
}
