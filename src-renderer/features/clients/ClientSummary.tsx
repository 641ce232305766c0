import { Badge, Link as RadixLink, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Onboarding } from '../../../src-preload/contract/partner-api';
import { useActivePracticeDb } from '../../context/services-context';
import type { StoredEntity } from '../../data/practice-db';
import { localToday } from '../../../src-preload/contract/iso-day';
import { formatDate, formatMoney } from '../../ui/regional/regional-format';
import { OnboardingStatusBadge } from '../onboardings/OnboardingStatusBadge';
import { clientBalance } from './client-balance';
import { MeetingPackStatus } from './MeetingPackPanel';
import { useBalance } from '../../client-data/use-balance';
import { useOnDemandRead } from '../../client-data/use-client-data';
import { BalanceFigure } from '../../ui/BalanceFigure';
import { countOf } from '../../ui/regional/counts';
import { routes } from '../../../src-preload/contract/routes';
import { useShownToClient } from '../../client-facing/client-view';

/** One labelled fact of the header. */
function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="client-fact" data-testid={testId}>
      <Text as="div" size="1" color="gray" className="client-fact__label">
        {label}
      </Text>
      <div className="client-fact__value">{children}</div>
    </div>
  );
}

const reading = (
  <Text size="2" color="gray">
    Reading…
  </Text>
);

/**
 * What a partner asks first about a client, above its data: the balance and how much of it is overdue,
 * where onboarding stands, whether the client's identity is verified, and whether the client is ready
 * for a meeting offline. Each says "Reading…" until this laptop's database answers, and says plainly
 * when this laptop does not know yet rather than showing a zero.
 */
export function ClientSummary({
  entity,
  onboardings,
  region,
}: {
  entity: StoredEntity;
  onboardings: readonly Onboarding[];
  region: string | undefined;
}) {
  const db = useActivePracticeDb();
  const money = useLiveQuery(async () => {
    if (!db) return null;
    const [bills, debtors, debtorsCursor] = await Promise.all([
      db.bills.where('entityKey').equals(entity.entityKey).toArray(),
      db.debtorInvoices.where('entityKey').equals(entity.entityKey).toArray(),
      db.cursors.get('debtorInvoices'),
    ]);
    return clientBalance({ bills, debtors, debtorsRead: debtorsCursor !== undefined, today: localToday(new Date()) });
  }, [db, entity.entityKey]);
  // The figure itself comes from the one balance rule (the Billing tab, Billing and Debtors use it too).
  const owed = useBalance(db, entity.entityKey);
  // Identity is read with the client (one request, at the user's priority), not only when its tab is opened.
  const identityRead = useOnDemandRead(entity.entityKey, 'identity');
  // Wrapped, so "no identity record" (null) is told apart from "not answered yet" (undefined).
  const identity = useLiveQuery(
    async () => (db ? { record: (await db.identity.get(entity.entityKey)) ?? null } : null),
    [db, entity.entityKey],
  );
  const latest = [...onboardings].sort((a, b) => b.createdOn.localeCompare(a.createdOn))[0];
  // The meeting pack is the practice's preparation (its request count, its budget): not the client's to read.
  const shownToClient = useShownToClient();

  return (
    <section aria-label="At a glance" className="client-facts" data-testid="client-summary">
      {entity.entityTerminated ? (
        <Fact label="Client" testId="client-terminated">
          <Badge color="gray" size="2">
            Terminated
          </Badge>
        </Fact>
      ) : null}
      <Fact label="Balance" testId="client-balance">
        {money === undefined || money === null || owed === undefined ? (
          reading
        ) : money.known && owed.balance.known ? (
          <>
            <BalanceFigure
              balance={owed.balance}
              currency={owed.currency}
              region={region}
              testId="client-balance-figure"
              stacked
            >
              {money.overdue > 0 ? (
                <Text size="2" color="red" data-testid="client-overdue">
                  {formatMoney(money.overdue, region, money.currency)} overdue (
                  {countOf(money.overdueBills, 'bill', region)})
                </Text>
              ) : (
                <Text size="2" color="gray" data-testid="client-overdue">
                  nothing overdue
                </Text>
              )}
            </BalanceFigure>
          </>
        ) : (
          <Text size="2" color="gray">
            Not on this laptop yet: the sync brings bills and the debtors list.
          </Text>
        )}
      </Fact>
      <Fact label="Onboarding" testId="client-onboarding">
        {latest ? (
          <>
            <OnboardingStatusBadge status={latest.statusName} />{' '}
            <RadixLink asChild size="2">
              <Link to={routes.onboarding(latest.onboardingKey)}>
                #{latest.onboardingID}, {formatDate(latest.createdOn, region)}
              </Link>
            </RadixLink>
            {onboardings.length > 1 ? (
              <Text size="1" color="gray">
                {' '}
                (+{onboardings.length - 1} earlier)
              </Text>
            ) : null}
          </>
        ) : (
          <Text size="2" color="gray">
            None on this laptop
          </Text>
        )}
      </Fact>
      <Fact label="Identity" testId="client-id-status">
        {identity === undefined || identity === null || (!identity.record && identityRead.status === 'reading') ? (
          reading
        ) : identity.record?.certificate === 'available' ? (
          <Badge color="green">Verified</Badge>
        ) : identity.record ? (
          <Badge color="amber">Not verified</Badge>
        ) : (
          // Nothing read on this laptop is not "unchecked": the practice may well have verified the client.
          <>
            <Text size="2" color="gray">
              Not read yet on this laptop:{' '}
            </Text>
            <RadixLink asChild size="2">
              <Link to="?tab=identity">see the Identity tab</Link>
            </RadixLink>
          </>
        )}
      </Fact>
      {shownToClient ? null : <MeetingPackStatus entity={entity} />}
    </section>
  );
}
