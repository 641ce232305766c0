import { Tabs } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { StoredEntity } from '../../../data/practice-db';
import { ClientBillingTab } from './ClientBillingTab';
import { ClientIdentityTab } from './ClientIdentityTab';
import { ClientProposalsTab } from './ClientProposalsTab';
import { ClientStatementsTab } from './ClientStatementsTab';

const tabs = ['overview', 'billing', 'statements', 'proposals', 'identity'] as const;
type Tab = (typeof tabs)[number];

/** The client's tabs; the open one is kept in the address (`?tab=billing`), so Back and a reload keep it. */
export function ClientTabs({ entity, overview }: { entity: StoredEntity; overview: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = (tabs as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'overview';
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) =>
        setParams(
          (p) => {
            p.set('tab', value);
            return p;
          },
          { replace: true },
        )
      }
    >
      <Tabs.List aria-label="Client sections">
        <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
        <Tabs.Trigger value="billing">Billing</Tabs.Trigger>
        <Tabs.Trigger value="statements">Statements</Tabs.Trigger>
        <Tabs.Trigger value="proposals">Proposals</Tabs.Trigger>
        <Tabs.Trigger value="identity">Identity</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="overview" className="client-tab">
        {overview}
      </Tabs.Content>
      <Tabs.Content value="billing" className="client-tab">
        <ClientBillingTab entity={entity} />
      </Tabs.Content>
      <Tabs.Content value="statements" className="client-tab">
        <ClientStatementsTab entity={entity} />
      </Tabs.Content>
      <Tabs.Content value="proposals" className="client-tab">
        <ClientProposalsTab entity={entity} />
      </Tabs.Content>
      <Tabs.Content value="identity" className="client-tab">
        <ClientIdentityTab entity={entity} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
