import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../context/services-context';
import type { ActionRequest } from '../operations/action-context';
import { createActionOpener, dialogOf, queueStarted } from '../operations/action-opener';
import { useWriteBlocked } from '../operations/shared/UserSelect';
import { ModalDialog } from '../ui/ModalDialog';
import { describeFailure } from '../ui/words/describe-failure';
import { isStaffOnly, useShownToClient } from '../client-facing/client-view';

/** A request from `openAction`, numbered so the same action opened twice starts its form afresh. */
export interface NumberedRequest extends ActionRequest {
  opened: number;
}

/**
 * The host's dialogs, loaded on demand with the registry (app/ActionHost.tsx keeps the request): the
 * operation's own start (operations/<domain>/<domain>-start.tsx) gives the title, the form with its initial
 * values and the write; the dialog queues it for the start's client and closes. A start without a dialog is
 * queued at once. The native dialog gives focus back to the button that opened it.
 */
export function ActionDialogs({ request, onDone }: { request: NumberedRequest | null; onDone(): void }) {
  const { outbox, notify } = useServices();
  const blocked = useWriteBlocked();
  const [shown, setShown] = useState<NumberedRequest | null>(null);
  const start = useMemo(
    () =>
      createActionOpener({
        outbox,
        show: () => undefined,
        failed: (error) =>
          notify({ tone: 'error', title: 'The action could not be queued', detail: describeFailure(error) }),
      }),
    [outbox, notify],
  );
  const shownToClient = useShownToClient();
  useEffect(() => {
    if (!request) return setShown(null);
    // A staff-only action never opens with the screen turned to the client, however it was asked for.
    if (shownToClient && isStaffOnly(request.name)) return onDone();
    if (dialogOf(request.name)) return setShown(request);
    // Queued at once: nothing to show, and the host is free for the next request.
    start(request.name, request.about as never);
    onDone();
  }, [request, start, onDone, shownToClient]);

  const close = onDone;
  const dialog = shown ? dialogOf(shown.name) : null;
  const about = shown?.about as never;
  return (
    <ModalDialog
      open={dialog !== null}
      onClose={close}
      title={dialog ? dialog.title(about) : ''}
      description={dialog ? dialog.description(about) : undefined}
      width={dialog?.width ?? 'narrow'}
    >
      {dialog && shown ? (
        <dialog.Form
          key={shown.opened}
          about={about}
          disabledReason={blocked}
          onCancel={close}
          queue={async (write) => {
            const id = await queueStarted(outbox, shown, write);
            close();
            return id;
          }}
        />
      ) : null}
    </ModalDialog>
  );
}
