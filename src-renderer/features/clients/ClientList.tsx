import { Badge, Flex, Text, TextField } from '@radix-ui/themes';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLiveQuery } from 'dexie-react-hooks';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import type { StoredEntity } from '../../practice/practice-db';
import { Link } from 'react-router';
import { practiceDb } from '../../practice/practice-db';
import { usePractice } from '../../practice/practice-store';
import { formatPhone } from '../../ui/regional/regional-format';
import { filterClients, indexClients, isNarrowed, type ClientView } from './client-filter';
import { ClearFiltersButton, ClientFilters } from './ClientFilters';
import { useClientView, useClientViews } from './client-view-store';

const ROW_HEIGHT = 56;

/** Every client of the practice from the local database: searchable and filterable offline, virtualized for large practices. */
export function ClientList({ practiceKey }: { practiceKey: string }) {
  const db = practiceDb(practiceKey);
  const region = usePractice((s) => s.practices.find((p) => p.practiceKey === practiceKey)?.region);
  // Primary-key order is the cheapest read; the index sorts with a collator, which IndexedDB cannot.
  const entities = useLiveQuery(() => db.entities.toArray(), [practiceKey]);
  const index = useMemo(() => indexClients(entities ?? []), [entities]);
  const view = useClientView(practiceKey);
  const update = useClientViews((s) => s.update);
  const reset = useClientViews((s) => s.reset);
  const changeFilters = useCallback((patch: Partial<ClientView>) => update(practiceKey, patch), [update, practiceKey]);
  const matches = useMemo(() => filterClients(index, view), [index, view]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: matches.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  // A new filter or order starts at the top; a sync page arriving while scrolling does not.
  const { query, terminated, type, office, sort } = view;
  useEffect(() => {
    if (scroller.current && scroller.current.scrollTop > 0) scroller.current.scrollTo({ top: 0 });
  }, [query, terminated, type, office, sort]);

  if (entities === undefined) return <Text color="gray">Loading clients…</Text>;
  if (entities.length === 0)
    return <Text color="gray">The first sync is under way; clients appear here page by page.</Text>;
  return (
    <Flex direction="column" gap="3" className="client-list">
      <TextField.Root
        aria-label="Search clients"
        placeholder="Search by name, code, email or phone"
        value={view.query}
        onChange={(e) => update(practiceKey, { query: e.target.value })}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- finding a client is what this screen is for; the field is its first control and is labelled
        autoFocus
      />
      <ClientFilters
        terminated={view.terminated}
        type={view.type}
        office={view.office}
        sort={view.sort}
        index={index}
        onChange={changeFilters}
      />
      <Flex align="center" gap="3">
        <Text size="1" color="gray" data-testid="client-count" aria-live="polite">
          {matches.length === entities.length
            ? `${entities.length} clients`
            : `${matches.length} of ${entities.length} clients`}
        </Text>
        {matches.length === 0 && isNarrowed(view) ? <ClearFiltersButton onClear={() => reset(practiceKey)} /> : null}
      </Flex>
      <div ref={scroller} className="client-list__scroller" role="list" aria-label="Clients">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const entity = matches[item.index];
            if (!entity) return null;
            return <Row key={entity.entityKey} entity={entity} start={item.start} region={region} />;
          })}
        </div>
      </div>
    </Flex>
  );
}

const Row = memo(function Row({
  entity,
  start,
  region,
}: {
  entity: StoredEntity;
  start: number;
  region: Parameters<typeof formatPhone>[1];
}) {
  return (
    <Link
      to={`/clients/${entity.entityKey}`}
      role="listitem"
      className="client-row"
      style={{ transform: `translateY(${start}px)`, height: ROW_HEIGHT }}
      data-testid="client-row"
    >
      <Flex justify="between" align="center" gap="3">
        <Flex direction="column">
          <Text weight="medium" size="2">
            {entity.fullEntityName}
          </Text>
          <Text size="1" color="gray">
            {[
              entity.entityCode,
              entity.entityType,
              entity.officeName,
              entity.entityEmail,
              formatPhone(entity.entityMobile || entity.entityTelephone, region),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Flex>
        {entity.entityTerminated ? (
          <Badge highContrast color="gray">
            Terminated
          </Badge>
        ) : null}
      </Flex>
    </Link>
  );
});
