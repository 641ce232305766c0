import { useMemo, useState, type ReactNode } from 'react';
import { useServices } from '../context/services-context';
import {
  ActionOpenerContext,
  createActionOpener,
  dialogOf,
  queueStarted,
  type ActionRequest,
} from '../operations/action-opener';
import { useWriteBlocked } from '../operations/shared/UserSelect';
import { ModalDialog } from '../ui/ModalDialog';
import { describeFailure } from '../ui/words/describe-failure';

/**
 * The one dialog host for outbox actions: a screen calls `openAction(name, about)` and the operation's
 * own start (operations/<domain>/<domain>-start.tsx) gives the title, the form with its initial values and
 * the write; the host queues it for the start's client and closes. The native dialog gives focus back to
 * the button that opened it.
 */
export function ActionHost({ children }: { children: ReactNode }) {
  const { outbox, notify } = useServices();
  const blocked = useWriteBlocked();
  const [request, setRequest] = useState<(ActionRequest & { opened: number }) | null>(null);
  const openAction = useMemo(
    () =>
      createActionOpener({
        outbox,
        show: (next) => setRequest((shown) => ({ ...next, opened: (shown?.opened ?? 0) + 1 })),
        failed: (error) =>
          notify({ tone: 'error', title: 'The action could not be queued', detail: describeFailure(error) }),
      }),
    [outbox, notify],
  );
  const close = () => setRequest(null);
  const dialog = request ? dialogOf(request.name) : null;
  const about = request?.about as never;
  return (
    <ActionOpenerContext.Provider value={openAction}>
      {children}
      <ModalDialog
        open={dialog !== null}
        onClose={close}
        title={dialog ? dialog.title(about) : ''}
        description={dialog ? dialog.description(about) : undefined}
        width={dialog?.width ?? 'narrow'}
      >
        {dialog && request ? (
          <dialog.Form
            key={request.opened}
            about={about}
            disabledReason={blocked}
            onCancel={close}
            queue={async (write) => {
              const id = await queueStarted(outbox, request, write);
              close();
              return id;
            }}
          />
        ) : null}
      </ModalDialog>
    </ActionOpenerContext.Provider>
  );
}
