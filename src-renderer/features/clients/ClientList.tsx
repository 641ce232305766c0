import { Badge, Flex, Text, TextField } from '@radix-ui/themes';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { foldForSearch, practiceDb } from '../../db/practice-db';

const ROW_HEIGHT = 56;

/** Every client of the practice from the local database: searchable offline, virtualized for large practices. */
export function ClientList({ practiceKey }: { practiceKey: string }) {
  const db = practiceDb(practiceKey);
  const entities = useLiveQuery(() => db.entities.orderBy('fullEntityName').toArray(), [practiceKey]);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const matches = useMemo(() => {
    const needle = foldForSearch(deferred.trim());
    const digits = deferred.replace(/\D/g, '');
    if (!entities || !needle) return entities ?? [];
    return entities.filter((e) => e.search.includes(needle) || (digits.length >= 3 && e.search.includes(digits)));
  }, [entities, deferred]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: matches.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });

  if (entities === undefined) return <Text color="gray">Loading clients…</Text>;
  if (entities.length === 0) return <Text color="gray">The first sync is under way; clients appear here page by page.</Text>;
  return (
    <Flex direction="column" gap="3" className="client-list">
      <TextField.Root
        aria-label="Search clients"
        placeholder="Search by name, code, email or phone"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoFocus
      />
      <Text size="1" color="gray" data-testid="client-count" aria-live="polite">
        {matches.length === entities.length ? `${entities.length} clients` : `${matches.length} of ${entities.length} clients`}
      </Text>
      <div ref={scroller} className="client-list__scroller" role="list" aria-label="Clients">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const entity = matches[item.index];
            if (!entity) return null;
            return (
              <Link key={entity.entityKey} to={`/clients/${entity.entityKey}`} role="listitem" className="client-row" style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }} data-testid="client-row">
                <Flex justify="between" align="center" gap="3">
                  <Flex direction="column">
                    <Text weight="medium" size="2">
                      {entity.fullEntityName}
                    </Text>
                    <Text size="1" color="gray">
                      {[entity.entityCode, entity.entityType, entity.entityEmail, entity.entityMobile ?? entity.entityTelephone].filter(Boolean).join(' · ')}
                    </Text>
                  </Flex>
                  {entity.entityTerminated ? <Badge color="gray">Terminated</Badge> : null}
                </Flex>
              </Link>
            );
          })}
        </div>
      </div>
    </Flex>
  );
}
