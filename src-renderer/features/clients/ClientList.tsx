import { Badge, Flex, Text } from '@radix-ui/themes';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, memo, useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { StoredEntity } from '../../data/practice-db';
import { Link } from 'react-router';
import type { formatPhone } from '../../ui/regional/regional-format';
import { ExportCsvButton } from '../../ui/csv/ExportCsvButton';
import { clientExportColumns, clientPhone } from './client-export';
import { indexClients, isNarrowed, prepareSearch, searchClients, type ClientView } from '../../search';
import { ClearFiltersButton, ClientFilters } from './ClientFilters';
import { useClientView, useClientViews } from './client-view-store';
import { Highlighted } from './Highlighted';
import { ClientSearchField } from './ClientSearchField';
import { focusSearchOrRow } from './client-list-keys';
import { useWordSearch } from './use-word-search';
import { whenIdleAfterFirstPaint } from '../../desktop/idle-after-paint';
import { useClientSnapshot } from './use-client-snapshot';
import { useServices } from '../../context/services-context';
import { isOnline } from '../../stores/connectivity-store';
import { routes } from '../../../src-preload/contract/routes';
import { useConnectivity, usePractice } from '../../context/store-hooks';

const ROW_HEIGHT = 56;

/** Every client of the practice from the local database: searchable and filterable offline, virtualized for large practices. */
export function ClientList({ practiceKey }: { practiceKey: string }) {
  const { firstScreen } = useServices();
  const region = usePractice((s) => s.practices.find((p) => p.practiceKey === practiceKey)?.region);
  const view = useClientView(practiceKey);
  // The default A→Z list paints from a page read through the name index; every client follows after that
  // paint. The list sorts with a collator (IndexedDB cannot), so other orders wait for every client.
  const { entities, complete } = useClientSnapshot(practiceKey, view.sort === 'name');
  const shown = complete || view.sort === 'name' ? entities : undefined;
  const index = useMemo(() => indexClients(shown ?? []), [shown]);
  const words = useWordSearch(complete ? entities : undefined);
  const update = useClientViews((s) => s.update);
  const reset = useClientViews((s) => s.reset);
  const changeFilters = useCallback((patch: Partial<ClientView>) => update(practiceKey, patch), [update, practiceKey]);
  const matches = useMemo(() => searchClients(index, words, view), [index, words, view]);
  // The view's search prepared while idle, so the first key typed does not pay for it.
  const { query, terminated, type, office, sort } = view;
  useEffect(() => {
    if (!words) return;
    return whenIdleAfterFirstPaint(() => prepareSearch(index, words, { query: '', terminated, type, office, sort }));
  }, [index, words, terminated, type, office, sort]);
  const scroller = useRef<HTMLDivElement>(null);
  // Offline nothing can be imported: the empty list says so rather than promising a sync that cannot run.
  const online = useConnectivity(isOnline);
  const virtualizer = useVirtualizer({
    count: matches.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  // Arrow keys walk the rows (a row is a link: Enter opens the client); Up from the first returns to the search.
  const focusRow = useCallback(
    (index: number) => focusSearchOrRow(scroller.current, index, (i) => virtualizer.scrollToIndex(i)),
    [virtualizer],
  );
  const last = matches.length - 1;
  const arrowFromRow = useCallback(
    (index: number, event: KeyboardEvent<HTMLElement>) => {
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
      if (step === 0) return;
      event.preventDefault();
      focusRow(Math.min(index + step, last));
    },
    [focusRow, last],
  );

  // A new filter or order starts at the top; a sync page arriving while scrolling does not. Whether the list
  // is scrolled is noted as it scrolls: reading scrollTop here, right after a keystroke changed the rows,
  // would make the browser lay the page out at once, and again for the frame.
  const scrolledDown = useRef(false);
  useEffect(() => {
    if (!scrolledDown.current) return;
    scrolledDown.current = false;
    scroller.current?.scrollTo({ top: 0 });
  }, [query, terminated, type, office, sort]);

  // The first rows (or the empty state) are the content start-up waits for; warm-ups may begin after them.
  const hasContent = shown !== undefined;
  useEffect(() => {
    if (hasContent) firstScreen.mark();
  }, [hasContent, firstScreen]);

  if (shown === undefined) return <Text color="gray">Loading clients…</Text>;
  if (shown.length === 0)
    return (
      <Text color="gray" data-testid="client-list-empty">
        {online
          ? 'The first sync is under way; clients appear here page by page.'
          : 'No clients on this laptop yet: the first import needs a connection to the practice. Once online, clients appear here page by page.'}
      </Text>
    );
  return (
    <Flex direction="column" gap="3" className="client-list">
      <ClientSearchField
        value={view.query}
        onChange={(query) => update(practiceKey, { query })}
        onArrowDown={() => focusRow(0)}
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
          {!complete
            ? 'Loading all clients…'
            : matches.length === shown.length
              ? `${shown.length} clients`
              : `${matches.length} of ${shown.length} clients`}
        </Text>
        {complete ? (
          <ExportCsvButton
            what="clients"
            rows={() => matches}
            columns={clientExportColumns(region)}
            region={region}
            label="Export CSV of the clients shown"
            testId="clients-export"
          />
        ) : null}
      </Flex>
      {complete && matches.length === 0 && isNarrowed(view) ? (
        <NoMatch query={view.query} onClear={() => reset(practiceKey)} />
      ) : null}
      <div
        ref={scroller}
        className="client-list__scroller"
        onScroll={(event) => (scrolledDown.current = event.currentTarget.scrollTop > 0)}
        role="list"
        aria-label="Clients"
        hidden={complete && matches.length === 0 && isNarrowed(view)}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const entity = matches[item.index];
            if (!entity) return null;
            return (
              <Row
                key={entity.entityKey}
                index={item.index}
                onKeyDown={arrowFromRow}
                entity={entity}
                start={item.start}
                region={region}
                query={view.query}
              />
            );
          })}
        </div>
      </div>
    </Flex>
  );
}

/** Said instead of an empty list when the search or the filters leave no client, with the way back. */
function NoMatch({ query, onClear }: { query: string; onClear(): void }) {
  const words = query.trim();
  return (
    <Flex direction="column" align="start" gap="3" className="empty-state" data-testid="client-no-match">
      <Text as="p" size="3" weight="medium">
        {words ? `No client matches “${words}”` : 'No client matches these filters'}
      </Text>
      <Text as="p" size="2" color="gray">
        {words
          ? 'Try fewer or shorter words, or part of the client code, email or phone number.'
          : 'Clear the filters to see every client again.'}
      </Text>
      <ClearFiltersButton onClear={onClear} />
    </Flex>
  );
}

const Row = memo(function Row({
  index,
  onKeyDown,
  entity,
  start,
  region,
  query,
}: {
  index: number;
  /** Arrow keys: the row above or below, or the search from the first. */
  onKeyDown(index: number, event: KeyboardEvent<HTMLElement>): void;
  entity: StoredEntity;
  start: number;
  region: Parameters<typeof formatPhone>[1];
  /** The search as typed: the parts of the name, code, email and phone it matched are marked. */
  query: string;
}) {
  // Type and office are filters, not searched: only what the search covers is marked.
  const details: Array<[text: string | null | undefined, searched: boolean]> = [
    [entity.entityCode, true],
    [entity.entityType, false],
    [entity.officeName, false],
    [entity.entityEmail, true],
    [clientPhone(entity, region), true],
  ];
  return (
    <Link
      to={routes.client(entity.entityKey)}
      role="listitem"
      className="client-row"
      style={{ transform: `translateY(${start}px)`, height: ROW_HEIGHT }}
      data-testid="client-row"
      data-row-index={index}
      onKeyDown={(event) => onKeyDown(index, event)}
    >
      <Flex justify="between" align="center" gap="3">
        <Flex direction="column">
          <Text weight="medium" size="2">
            <Highlighted text={entity.fullEntityName} query={query} />
          </Text>
          <Text size="1" color="gray">
            {details
              .filter(([text]) => Boolean(text))
              .map(([text, searched], i) => (
                <Fragment key={i}>
                  {i > 0 ? ' · ' : null}
                  {searched ? <Highlighted text={text!} query={query} /> : text}
                </Fragment>
              ))}
          </Text>
        </Flex>
        {entity.entityTerminated ? <Badge color="gray">Terminated</Badge> : null}
      </Flex>
    </Link>
  );
});
