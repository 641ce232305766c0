import { Badge, Card, Flex, Heading, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import type { Onboarding, OnboardingDocumentsEntity } from '../../../src-preload/contract/partner-api';
import { routes } from '../../../src-preload/contract/routes';
import { uploadRefId } from '../../../src-preload/contract/uploaded-files';
import { readOnboardingDocuments } from '../../client-data/client-reads';
import { readOpenEntries } from '../../outbox/outbox-db';
import { useOpenAction } from '../../operations/action-context';
import { usePreloadedForms } from '../../operations/action-opener';
import { WriteActions, WriteButton } from '../../operations/shared/WriteActions';
import { DetailStatus, ReadButton } from '../shared/PartStatus';
import { useRegion } from '../../ui/regional/use-region';
import { formatDateTime } from '../../ui/regional/regional-format';
import {
  documentState,
  useOnboardingDocuments,
  type DocumentState,
} from '../../operations/onboardings/onboarding-documents';
import { useServices } from '../../context/services-context';
import { countOf } from '../../ui/regional/counts';
import { usePractice } from '../../context/store-hooks';
import { useOffered } from '../../client-facing/client-view';

const stateBadge: Record<DocumentState, { label: string; color: 'green' | 'gray' | 'amber' }> = {
  uploaded: { label: 'Uploaded', color: 'green' },
  bypassed: { label: 'Bypassed', color: 'gray' },
  waiting: { label: 'Waiting', color: 'amber' },
};

/**
 * The file a client uploaded, as a link that opens it in the app (a PDF in the viewer, a photo as an image, any
 * other kept type to save a copy of), and when it was uploaded.
 */
function UploadedFileLink(props: {
  onboardingKey: string;
  entityOnboardingId: number;
  entityKey: string | null;
  document: OnboardingDocumentsEntity['documents'][number];
  uploaded: string;
}) {
  const { document: d } = props;
  const name = d.fileName ?? 'the uploaded file';
  if (!props.entityKey) return <Text>{`${name} ${props.uploaded}`}</Text>;
  const id = uploadRefId({
    onboardingKey: props.onboardingKey,
    entityOnboardingId: props.entityOnboardingId,
    documentId: d.documentId,
  });
  return (
    <Text>
      <RadixLink asChild>
        <Link to={routes.document('upload', id, props.entityKey)} aria-label={`Open ${name} (${d.name})`}>
          {name}
        </Link>
      </RadixLink>{' '}
      <Text size="1" color="gray">
        {props.uploaded}
      </Text>
    </Text>
  );
}

/**
 * What each client of the onboarding must provide, with the two actions that refer to it: remove a
 * request not yet met, and set the client's custom fields. Read when the screen opens online and kept,
 * so both work offline once it has been read. What a client uploaded opens from here.
 */
export function OnboardingDocuments({ onboarding }: { onboarding: Onboarding }) {
  const { databases } = useServices();
  const openAction = useOpenAction();
  // The forms' code arrives while the user reads, so a dialog opens with its form at once.
  usePreloadedForms(['onboarding.setCustomFields']);
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const region = useRegion();
  const { entities, fetchedAt, problem, state } = useOnboardingDocuments(onboarding.onboardingKey);
  const offered = useOffered();
  const db = databases.of(practiceKey);
  const removing =
    useLiveQuery(
      async () =>
        (await readOpenEntries(db)).filter(
          (e) => e.operation === 'onboarding.removeDocument' && e.payload.params['key'] === onboarding.onboardingKey,
        ),
      [practiceKey, onboarding.onboardingKey],
    ) ?? [];
  return (
    <Card data-testid="onboarding-documents">
      <Flex gap="3" align="center" mb="2">
        <Heading as="h2" size="3">
          Documents and custom fields
        </Heading>
        <ReadButton label="Read again" run={(ctx) => readOnboardingDocuments(ctx, onboarding.onboardingKey)} />
      </Flex>
      {!entities ? (
        <DetailStatus state={state} subject="the document requirements of this onboarding" problem={problem} />
      ) : (
        <Flex direction="column" gap="3">
          <Text size="1" color="gray">
            As read from the practice {formatDateTime(fetchedAt, region)}.
          </Text>
          {entities.length === 0 ? (
            <Text size="2" color="gray">
              No client entities on this onboarding.
            </Text>
          ) : null}
          {entities.map((entity) => (
            <Flex key={entity.entityOnboardingId} direction="column" gap="2" data-testid="onboarding-documents-entity">
              <Flex gap="3" align="center" wrap="wrap">
                <Text weight="bold">{entity.entityName}</Text>
                {offered('onboarding.setCustomFields') ? (
                  <WriteActions>
                    <WriteButton
                      size="1"
                      onClick={() => openAction('onboarding.setCustomFields', { onboarding, entity })}
                    >
                      Custom fields
                    </WriteButton>
                  </WriteActions>
                ) : null}
              </Flex>
              <Table.Root size="1" aria-label={`Documents requested from ${entity.entityName}`}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>Document</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Uploaded</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Action</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {entity.documents.map((d) => {
                    const badge = stateBadge[documentState(d)];
                    return (
                      <Table.Row key={d.documentId} data-testid="onboarding-document-row">
                        <Table.RowHeaderCell>
                          {d.name}
                          {d.isRequired ? (
                            <Text size="1" color="gray">
                              {' '}
                              (required)
                            </Text>
                          ) : null}
                        </Table.RowHeaderCell>
                        <Table.Cell>
                          <Badge color={badge.color}>{badge.label}</Badge>
                        </Table.Cell>
                        <Table.Cell>
                          {d.isUploaded ? (
                            <UploadedFileLink
                              onboardingKey={onboarding.onboardingKey}
                              entityOnboardingId={entity.entityOnboardingId}
                              entityKey={entity.entityKey ?? onboarding.entityKey}
                              document={d}
                              uploaded={formatDateTime(d.uploadedOn, region)}
                            />
                          ) : (
                            '—'
                          )}
                        </Table.Cell>
                        <Table.Cell>
                          {d.isUploaded ? null : (
                            <WriteActions>
                              <WriteButton
                                size="1"
                                color="red"
                                onClick={() =>
                                  openAction('onboarding.removeDocument', {
                                    onboarding,
                                    entity,
                                    documentId: d.documentId,
                                    documentName: d.name,
                                  })
                                }
                              >
                                Remove request
                              </WriteButton>
                            </WriteActions>
                          )}
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Flex>
          ))}
          {removing.length ? (
            <Text size="1" color="amber" data-testid="document-removals-pending">
              {countOf(removing.length, 'document request')} waiting to be removed at the practice.
            </Text>
          ) : null}
        </Flex>
      )}
    </Card>
  );
}
