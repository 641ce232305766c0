import { Badge, Card, Flex, Heading, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { DocumentListResult } from '../../../src-preload/contract/documents';
import { EmptyState } from '../../ui/EmptyState';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useRegion } from '../../ui/regional/use-region';
import { formatDateTime } from '../../ui/regional/regional-format';
import { countOf } from '../../ui/regional/counts';
import { formatBytes } from '../../ui/regional/bytes';
import { packProgress, progressText } from '../../meeting-packs/pack-progress';
import { formatRelative } from '../../ui/regional/relative-time';
import { useNow } from '../../ui/regional/use-now';
import { storedUpload } from '../../client-data/uploaded-files';
import { documentTitle } from '../../ui/words/document-title';
import { useCompanion, useServices } from '../../context/services-context';
import { routes } from '../../../src-preload/contract/routes';
import { usePractice } from '../../context/store-hooks';

/** The PDFs on this laptop (cache use against its cap, pinned by which pack) and the meeting packs. */
export function DocumentsScreen() {
  const companion = useCompanion();
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const region = useRegion();
  const now = useNow();
  const [list, setList] = useState<DocumentListResult | null>(null);
  const packs = useLiveQuery(
    () => (practiceKey ? databases.of(practiceKey).meetingPacks.toArray() : []),
    [practiceKey],
  );
  // Each document by the name the practice gives it (bill and statement numbers, the client's name), from
  // the records on this laptop.
  const titles = useLiveQuery(async () => {
    if (!practiceKey || !list) return { titles: new Map<string, string>(), clients: new Map<string, string>() };
    const db = databases.of(practiceKey);
    const ids = (kind: string) => list.documents.filter((d) => d.ref.kind === kind).map((d) => Number(d.ref.id));
    const [entities, bills, statements] = await Promise.all([
      db.entities.bulkGet([...new Set(list.documents.map((d) => d.entityKey))]),
      db.bills.bulkGet(ids('bill')),
      db.statements.bulkGet(ids('statement')),
    ]);
    const clients = new Map(entities.filter((e) => e !== undefined).map((e) => [e.entityKey, e.fullEntityName]));
    const billNumbers = new Map(bills.filter((b) => b !== undefined).map((b) => [String(b.billingId), b.billNumber]));
    const statementNumbers = new Map(
      statements.filter((st) => st !== undefined).map((st) => [String(st.statementId), st.statementNumber]),
    );
    const uploads = new Map(
      await Promise.all(
        list.documents
          .filter((d) => d.ref.kind === 'upload')
          .map(async (d) => [d.ref.id, (await storedUpload(db.reports, d.ref.id))?.name] as const),
      ),
    );
    const named = new Map(
      list.documents.map((d) => [
        `${d.ref.kind}:${d.ref.id}`,
        documentTitle(d.ref.kind, d.ref.id, {
          billNumber: billNumbers.get(d.ref.id),
          statementNumber: statementNumbers.get(d.ref.id),
          clientName: clients.get(d.entityKey),
          uploadName: uploads.get(d.ref.id),
        }),
      ]),
    );
    return { titles: named, clients };
  }, [practiceKey, list]);
  useEffect(() => {
    if (!practiceKey || !companion) return;
    void companion.documents
      .list({ practiceKey })
      .then(setList)
      .catch(() => setList(null));
  }, [companion, practiceKey, packs]);

  return (
    <>
      <ScreenHeader
        title="Documents"
        subtitle="Bill, statement and ID-certificate PDFs and clients' uploaded files kept on this laptop, and meeting packs."
      />
      <Flex direction="column" gap="4">
        <Card>
          <Heading as="h2" size="3" mb="2">
            Meeting packs
          </Heading>
          {!packs || packs.length === 0 ? (
            <Text color="gray">No client is marked for a meeting. Open a client and choose “Prepare for meeting”.</Text>
          ) : (
            packs.map((p) => {
              // Counted as on the client's page: the pack's details, those with nothing to fetch as settled.
              const progress = packProgress(p);
              return (
                <Flex key={p.packId} gap="3" align="center" mb="1" data-testid="pack-row">
                  <RadixLink asChild>
                    <Link to={routes.client(p.entityKey)}>{p.entityName}</Link>
                  </RadixLink>
                  <Badge color={p.state === 'complete' ? 'green' : p.state === 'incomplete' ? 'red' : 'amber'}>
                    {p.state.replace(/-/g, ' ')}
                  </Badge>
                  <Text size="1" color="gray">
                    {progressText(progress)} · {countOf(p.actualRequests, 'request', region)} (estimated{' '}
                    {p.estimatedRequests})
                  </Text>
                </Flex>
              );
            })
          )}
        </Card>
        <Card>
          <Heading as="h2" size="3" mb="2">
            PDFs on this laptop
          </Heading>
          {list ? (
            <Text as="p" size="1" color="gray" mb="2">
              {formatBytes(list.usedBytes, region)} of {formatBytes(list.capBytes, region)} used by{' '}
              {countOf(list.documents.length, 'document', region)}. The least recently opened are removed first when it
              is full; documents in a meeting pack never are.
            </Text>
          ) : null}
          {!list || list.documents.length === 0 ? (
            <EmptyState title="No documents downloaded yet">
              PDFs you open, or that a meeting pack fetches, are kept here and open without a connection.
            </EmptyState>
          ) : (
            <Table.Root size="1" aria-label="Documents on this laptop">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Document</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Client</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Size</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Downloaded</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Last opened</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Kept for</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {[...list.documents]
                  .sort((a, b) => b.fetchedAt.localeCompare(a.fetchedAt))
                  .map((d) => (
                    <Table.Row key={`${d.ref.kind}:${d.ref.id}`} data-testid="document-row">
                      <Table.RowHeaderCell>
                        <RadixLink asChild>
                          <Link to={routes.document(d.ref.kind, d.ref.id, d.entityKey)} title={d.fileName}>
                            {titles?.titles.get(`${d.ref.kind}:${d.ref.id}`) ?? documentTitle(d.ref.kind, d.ref.id, {})}
                          </Link>
                        </RadixLink>
                      </Table.RowHeaderCell>
                      <Table.Cell>{titles?.clients.get(d.entityKey) ?? ''}</Table.Cell>
                      <Table.Cell justify="end">{formatBytes(d.size, region)}</Table.Cell>
                      <Table.Cell>{formatDateTime(d.fetchedAt, region)}</Table.Cell>
                      <Table.Cell>
                        {d.lastOpenedAt ? (
                          <time dateTime={d.lastOpenedAt} title={formatDateTime(d.lastOpenedAt, region)}>
                            {formatRelative(d.lastOpenedAt, now, region)}
                          </time>
                        ) : (
                          '—'
                        )}
                      </Table.Cell>
                      <Table.Cell>
                        {d.pinnedBy.length > 0 ? <Badge color="green">meeting pack</Badge> : null}
                      </Table.Cell>
                    </Table.Row>
                  ))}
              </Table.Body>
            </Table.Root>
          )}
        </Card>
      </Flex>
    </>
  );
}
