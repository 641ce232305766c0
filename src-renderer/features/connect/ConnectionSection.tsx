import { Button, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { PracticeSummary } from '../../../src-preload/contract/practice';
import { useServices } from '../../context/services-context';
import { useAppInfo, usePractice } from '../../context/store-hooks';
import { managedOf } from '../../stores/app-info-store';
import { SetByAdministrator } from '../../ui/SetByAdministrator';
import { ConfirmDialog } from '../../ui/ModalDialog';
import { AddOwnCredentialsForm } from './AddOwnCredentialsForm';
import { DirectConnectForm } from './DirectConnectForm';
import { HubConnectForm } from './HubConnectForm';

/** How the practice is connected, and whether this laptop can make changes to it. */
export function connectionWords(p: PracticeSummary): string {
  const readOnly = 'Read-only: you can browse, but actions that change data are not offered';
  if (p.through !== 'hub') return `Directly to the Partner API · ${p.canWrite ? 'Read and write' : readOnly}`;
  if (!p.sendsWith) return 'Through the practice hub · Reads through the practice hub; read access only';
  const own = `Through the practice hub · Reads through the practice hub; sends with your own credentials (Client ID ${p.sendsWith.clientId})`;
  return p.canWrite ? own : `${own}, which are read-only`;
}

const keepsEverything =
  'Everything on this laptop stays: the clients, the documents kept offline and every action waiting in the Outbox, which goes out once, the new way.';

type Changing = 'to-hub' | 'to-direct' | 're-enrol' | null;

/**
 * Settings → Connection for one practice: how it connects now, and changing that without signing out — to the
 * practice hub, back to the Partner API, a new enrolment code (after a revoke, or a new hub), and the laptop's
 * own credentials beside the hub added or removed. Main keeps the local copy and the Outbox through every move.
 */
export function ConnectionSection({ practice: known }: { practice: PracticeSummary }) {
  const { practice } = useServices();
  const busy = usePractice((s) => s.busy);
  const [changing, setChanging] = useState<Changing>(null);
  const [removing, setRemoving] = useState(false);
  const managed = useAppInfo(managedOf);
  const done = () => setChanging(null);
  const toggle = (next: Exclude<Changing, null>) => setChanging((now) => (now === next ? null : next));
  if (known.isDemo) return null;
  const throughHub = known.through === 'hub';
  return (
    <Flex direction="column" gap="2" data-testid="connection-section">
      {managed.hubUrl || managed.directConnections === false ? (
        <Flex gap="2" align="center" wrap="wrap" data-testid="managed-connection">
          <SetByAdministrator />
          <Text size="1" color="gray">
            {[
              managed.hubUrl ? `Practice hub: ${managed.hubUrl}` : null,
              managed.directConnections === false ? 'Direct connections are not allowed' : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Flex>
      ) : null}
      <Flex gap="2" wrap="wrap" role="group" aria-label={`Change how ${known.name} connects`}>
        {throughHub ? (
          <>
            {managed.directConnections === false ? null : (
              <Button
                size="1"
                variant="soft"
                aria-expanded={changing === 'to-direct'}
                onClick={() => toggle('to-direct')}
              >
                Connect directly instead…
              </Button>
            )}
            <Button size="1" variant="soft" aria-expanded={changing === 're-enrol'} onClick={() => toggle('re-enrol')}>
              Enrol again…
            </Button>
            {known.sendsWith ? (
              <Button size="1" variant="soft" color="gray" disabled={busy} onClick={() => setRemoving(true)}>
                Stop sending with your own credentials…
              </Button>
            ) : null}
          </>
        ) : (
          <Button size="1" variant="soft" aria-expanded={changing === 'to-hub'} onClick={() => toggle('to-hub')}>
            Move to the practice hub…
          </Button>
        )}
      </Flex>
      {throughHub && !known.sendsWith && changing === null ? <AddOwnCredentialsForm practice={known} /> : null}
      {changing === 'to-hub' ? (
        <HubConnectForm
          title="Move to the practice hub"
          description={`${known.name} will be read from the practice hub instead of the Partner API. Your Client ID keeps sending your changes. ${keepsEverything}`}
          submitLabel="Move to the hub"
          onConnected={done}
        />
      ) : null}
      {changing === 're-enrol' ? (
        <HubConnectForm
          title="Enrol again with the practice hub"
          description={`A new enrolment code from the hub’s administrator (or a new hub address). ${keepsEverything}`}
          submitLabel="Enrol again"
          onConnected={done}
        />
      ) : null}
      {changing === 'to-direct' ? (
        <DirectConnectForm
          title="Connect directly to the Partner API"
          description={`${known.name} will be read from the Partner API with this Client ID, and its changes sent with it; the practice hub is no longer asked. ${keepsEverything}`}
          submitLabel="Connect directly"
          onConnected={done}
        />
      ) : null}
      <ConfirmDialog
        open={removing}
        onClose={() => setRemoving(false)}
        title="Stop sending with your own credentials?"
        description={`This laptop then reads ${known.name} through the hub only. Actions waiting in the Outbox stay there until you add credentials again or connect directly.`}
        confirmLabel="Stop sending"
        onConfirm={() => void practice.removeOwnCredentials(known.practiceKey)}
      >
        <Text size="2">Client ID {known.sendsWith?.clientId}</Text>
      </ConfirmDialog>
    </Flex>
  );
}
