import { Badge, Flex, Text, TextField } from '@radix-ui/themes';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import type { Lead } from '../../../src-preload/contract/partner-api';
import { LabelledSelect } from '../../ui/LabelledSelect';
import { ScreenHeader } from '../../ui/ScreenHeader';
import type { Pending } from '../../effects/outbox-effect';
import { ConnectPanel } from '../connect/ConnectPanelOnDemand';
import { formatDate, formatPhone } from '../../ui/regional/regional-format';
import { NewLeadAction } from './LeadActions';
import { filterLeads, indexLeads } from './lead-filter';
import { leadName } from '../../ui/words/lead-name';
import { LeadStatusBadge, leadStatusOrder } from './LeadStatusBadge';
import { useLeadView, useLeadViews } from './lead-view-store';
import { useServices } from '../../context/services-context';
import { routes } from '../../../src-preload/contract/routes';
import { usePractice } from '../../context/store-hooks';

const ROW_HEIGHT = 56;

/** Every lead of the practice from the local database: searchable and filterable by status offline. */
function LeadList({ practiceKey }: { practiceKey: string }) {
  const { databases } = useServices();
  const region = usePractice((s) => s.practices.find((p) => p.practiceKey === practiceKey)?.region);
  const leads = useLiveQuery(() => databases.of(practiceKey).leads.toArray(), [practiceKey]);
  const index = useMemo(() => indexLeads(leads ?? []), [leads]);
  const view = useLeadView(practiceKey);
  const update = useLeadViews((s) => s.update);
  const deferred = useDeferredValue(view);
  const matches = useMemo(() => filterLeads(index, deferred), [index, deferred]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: matches.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  // A new search or status starts at the top; a sync page arriving while scrolling does not.
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [deferred.query, deferred.status]);

  if (leads === undefined) return <Text color="gray">Loading leads…</Text>;
  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" wrap="wrap" align="center">
        <TextField.Root
          aria-label="Search leads"
          placeholder="Search by name, company, email or mobile"
          value={view.query}
          onChange={(e) => update(practiceKey, { query: e.target.value })}
          style={{ minWidth: 320 }}
        />
        <LabelledSelect label="Status" value={view.status} onChange={(status) => update(practiceKey, { status })}>
          <option value="">All statuses</option>
          {leadStatusOrder.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </LabelledSelect>
        <Text size="1" color="gray" data-testid="lead-count" aria-live="polite">
          {matches.length === leads.length ? `${leads.length} leads` : `${matches.length} of ${leads.length} leads`}
        </Text>
      </Flex>
      {leads.length === 0 ? (
        <Text color="gray">
          No leads on this laptop yet. They arrive with the sync; the first import brings clients first.
        </Text>
      ) : (
        <div ref={scroller} className="client-list__scroller" role="list" aria-label="Leads">
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const lead = matches[item.index];
              if (!lead) return null;
              const name = leadName(lead);
              return (
                <Link
                  key={lead.leadKey}
                  to={routes.lead(lead.leadKey)}
                  role="listitem"
                  className="client-row"
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                  data-testid="lead-row"
                >
                  <Flex justify="between" align="center" gap="3">
                    <Flex direction="column">
                      <Text weight="medium" size="2">
                        {name}
                      </Text>
                      <Text size="1" color="gray">
                        {[
                          lead.companyName !== name ? lead.companyName : null,
                          lead.email,
                          formatPhone(lead.mobile, region),
                          lead.source,
                          `updated ${formatDate(lead.updatedOn, region)}`,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Flex>
                    <Flex gap="2" align="center">
                      {(lead as Pending<Lead>).pendingOutboxId ? (
                        <Badge color="amber" data-testid="lead-pending">
                          pending
                        </Badge>
                      ) : null}
                      <LeadStatusBadge status={lead.statusName} />
                    </Flex>
                  </Flex>
                </Link>
              );
            })}
          </div>
        </div>
      )}
    </Flex>
  );
}

export function LeadsScreen() {
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const loaded = usePractice((s) => s.loaded);
  return (
    <>
      <Flex justify="between" align="start" gap="3">
        <ScreenHeader title="Leads" subtitle="Prospective clients, searchable offline." />
        <Flex data-slot="leads-actions" gap="2" align="center">
          {practiceKey ? <NewLeadAction /> : null}
        </Flex>
      </Flex>
      {practiceKey ? <LeadList practiceKey={practiceKey} /> : loaded ? <ConnectPanel /> : null}
    </>
  );
}
