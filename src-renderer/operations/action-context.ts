import { createContext, useContext } from 'react';
import type { OperationName } from '../../src-preload/contract/outbox/operations';
import type { operationRegistry } from './registry';

// Types and the context only: the root's host imports this at start, while the registry (every form's start,
// every summary) loads with the first screen that can open an action (`action-opener.ts`).

type Registry = typeof operationRegistry;
/** The operations a screen can start: every one (each declares how, in its domain's `<domain>-start.tsx`). */
export type StartableName = OperationName;
/** What the operation starts from (the client, the lead, the proposal…), as its start declares it. */
export type AboutOf<N extends StartableName> = Parameters<Registry[N]['start']['clientOf']>[0];

/** Opens an operation by name: its dialog in the root's host, or queued at once when it has none. */
export type OpenAction = <N extends StartableName>(name: N, about: AboutOf<N>) => void;

/** What the host shows: one operation's dialog, started from what it is about. */
export interface ActionRequest {
  name: StartableName;
  about: unknown;
}

/** What the root's dialog host (app/ActionHost.tsx) gives the screens. */
export interface ActionHostHandle {
  open: OpenAction;
  /** Fetches the host's dialogs now, so the first action opens at once (a screen with actions asks). */
  preload(): void;
}

export const ActionHostContext = createContext<ActionHostHandle | null>(null);

function useActionHost(): ActionHostHandle {
  const host = useContext(ActionHostContext);
  if (!host) throw new Error('useOpenAction needs the root’s ActionHost.');
  return host;
}

/** `openAction(name, about)`: the screens' one way to start an outbox action. */
export function useOpenAction(): OpenAction {
  return useActionHost().open;
}

/** The host's `preload`, for the screens that show action buttons. */
export function usePreloadActionHost(): () => void {
  return useActionHost().preload;
}
