import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { ActionHostContext, type ActionHostHandle, type OpenAction } from '../operations/action-context';
import type { NumberedRequest } from './ActionDialogs';

const loadDialogs = () => import('./ActionDialogs');
const ActionDialogs = lazy(async () => ({ default: (await loadDialogs()).ActionDialogs }));

/**
 * The one dialog host for outbox actions: a screen calls `openAction(name, about)` and the host shows that
 * operation's dialog (app/ActionDialogs.tsx). The dialogs and the registry behind them are not start-up code:
 * they load when a screen with action buttons is shown (`preload`), or at the first `openAction`.
 */
export function ActionHost({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<NumberedRequest | null>(null);
  const [wanted, setWanted] = useState(false);
  const open = useCallback<OpenAction>((name, about) => {
    setWanted(true);
    setRequest((last) => ({ name, about, opened: (last?.opened ?? 0) + 1 }));
  }, []);
  const preload = useCallback(() => {
    setWanted(true);
    void loadDialogs().catch(() => undefined); // a failure is left to the first real use
  }, []);
  const handle = useMemo<ActionHostHandle>(() => ({ open, preload }), [open, preload]);
  const done = useCallback(() => setRequest(null), []);
  return (
    <ActionHostContext.Provider value={handle}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <ActionDialogs request={request} onDone={done} />
        </Suspense>
      ) : null}
    </ActionHostContext.Provider>
  );
}
