import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { ClientFacingTarget } from '../../../src-preload/contract/client-facing';
import { OfflineBanner } from '../../connectivity/OfflineBanner';
import { useServices } from '../../context/services-context';
import { clientFacingHome, routeAllowed } from '../../client-facing/client-facing-routes';
import { LeavePinDialog } from './PinDialogs';
import { showToClientKeys, useShowToClientShortcut } from './show-to-client-shortcut';

/**
 * The window while it is shown to one client: no navigation, search, status bar or notices (any of them
 * could name someone else), only the client's page and what opens from it. Every other route, however it
 * was reached (a link, a typed address, a deep link, a menu command), is sent back to the client's page.
 */
export function ClientFacingLayout({ target }: { target: ClientFacingTarget }) {
  const { databases } = useServices();
  const db = databases.of(target.practiceKey);
  const location = useLocation();
  const home = clientFacingHome(target.entityKey);
  const here = `${location.pathname}${location.search}`;
  const [verdict, setVerdict] = useState<{ here: string; allowed: boolean } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const name = useLiveQuery(async () => (await db.entities.get(target.entityKey))?.fullEntityName, [db, target]);
  useShowToClientShortcut(useCallback(() => setLeaving(true), []));

  const isHome = location.pathname === home;
  useEffect(() => {
    if (isHome) return;
    let live = true;
    const settle = (allowed: boolean) => live && setVerdict({ here, allowed });
    routeAllowed(location.pathname, location.search, target.entityKey, db).then(settle, () => settle(false));
    return () => {
      live = false;
    };
  }, [isHome, here, location.pathname, location.search, target.entityKey, db]);
  const allowed = isHome || (verdict?.here === here ? verdict.allowed : null);
  if (allowed === false) return <Navigate to={home} replace state={{ refused: true }} />;
  const refused = isHome && (location.state as { refused?: boolean } | null)?.refused === true;

  return (
    <div className="client-facing" data-testid="client-facing">
      <header className="client-facing__bar">
        <Text size="3" weight="bold">
          {name ?? ''}
        </Text>
        <Button variant="soft" color="gray" onClick={() => setLeaving(true)} aria-keyshortcuts={showToClientKeys}>
          Leave client view
        </Button>
      </header>
      <main id="main" tabIndex={-1} className="client-facing__content">
        <OfflineBanner />
        {refused ? (
          <Callout.Root color="gray" size="1" mb="3" role="status">
            <Callout.Text>Only this client is shown while the screen is turned to them.</Callout.Text>
          </Callout.Root>
        ) : null}
        {allowed ? <Outlet /> : null}
      </main>
      <Flex>
        <LeavePinDialog open={leaving} onClose={() => setLeaving(false)} />
      </Flex>
    </div>
  );
}
