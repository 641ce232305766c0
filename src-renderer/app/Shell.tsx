import { lazy, Suspense } from 'react';
import { ActionHost } from './ActionHost';
import { Layout } from './Layout';
import { ProxyLoginDialog } from './ProxyLoginDialog';
import { useClientFacing } from '../context/store-hooks';

// Only a window turned to a client needs the plain layout, its route guard and the PIN dialogs: not loaded at start.
const ClientFacingLayout = lazy(() =>
  import('../features/client-facing/ClientFacingLayout').then((m) => ({ default: m.ClientFacingLayout })),
);

/**
 * The window's frame: the staff layout, or while the screen is turned to a client the plain one that
 * shows that client only. Nothing is drawn until main has said which, so a reload in the mode never
 * flashes the client list (nor while the client's layout loads).
 */
export function Shell() {
  const loaded = useClientFacing((s) => s.loaded);
  const active = useClientFacing((s) => s.active);
  if (!loaded) return null;
  // Inside the router, so an action's form can open what it created (a new lead's page).
  return (
    <ActionHost>
      <ProxyLoginDialog />
      {active ? (
        <Suspense fallback={null}>
          <ClientFacingLayout target={active} />
        </Suspense>
      ) : (
        <Layout />
      )}
    </ActionHost>
  );
}
