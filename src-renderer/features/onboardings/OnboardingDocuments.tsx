import { Badge, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import {
  removeDocumentQuerySchema,
  type Onboarding,
  type OnboardingDocumentsEntity,
} from '../../../src-preload/contract/partner-api';
import { readOnboardingDocuments } from '../../client-data/client-reads';
import { preloadAll } from '../../ui/LazyLoad';
import { ModalDialog } from '../../ui/ModalDialog';
import { readOpenEntries } from '../../outbox/outbox-db';
import { ActingUserForm } from '../../operations/shared/ActingUserForm';
import { useWriteBlocked } from '../../operations/shared/UserSelect';
import { SENT_WHEN, WriteActions, WriteButton } from '../../operations/shared/WriteActions';
import { DetailStatus, ReadButton } from '../shared/PartStatus';
import { useRegion } from '../../ui/regional/use-region';
import { formatDateTime } from '../../ui/regional/regional-format';
import { CustomFieldsForm } from '../../operations/onboardings/onboarding-operations';
import { operationRegistry } from '../../operations/registry';
import {
  documentState,
  storedCustomFields,
  useOnboardingDocuments,
  type DocumentState,
} from '../../operations/onboardings/onboarding-documents';
import { storedCustomFieldNames } from '../../operations/onboardings/custom-field-names';
import { useServices } from '../../context/services-context';
import { countOf } from '../../ui/regional/counts';
import { usePractice } from '../../context/store-hooks';

const stateBadge: Record<DocumentState, { label: string; color: 'green' | 'gray' | 'amber' }> = {
  uploaded: { label: 'Uploaded', color: 'green' },
  bypassed: { label: 'Bypassed', color: 'gray' },
  waiting: { label: 'Waiting', color: 'amber' },
};

type Open =
  | { kind: 'remove'; entity: OnboardingDocumentsEntity; documentId: number; name: string }
  | { kind: 'fields'; entity: OnboardingDocumentsEntity }
  | null;

/**
 * What each client of the onboarding must provide, with the two actions that refer to it: remove a
 * request not yet met, and set the client's custom fields. Read when the screen opens online and kept,
 * so both work offline once it has been read.
 */
export function OnboardingDocuments({ onboarding }: { onboarding: Onboarding }) {
  const { databases, outbox } = useServices();
  // The forms' code arrives while the user reads, so a dialog opens with its form at once.
  useEffect(() => preloadAll([CustomFieldsForm]), []);
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const region = useRegion();
  const blocked = useWriteBlocked();
  const { entities, fetchedAt, problem, state } = useOnboardingDocuments(onboarding.onboardingKey);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const db = databases.of(practiceKey);
  const removing =
    useLiveQuery(
      async () =>
        (await readOpenEntries(db)).filter(
          (e) => e.operation === 'onboarding.removeDocument' && e.payload.params['key'] === onboarding.onboardingKey,
        ),
      [practiceKey, onboarding.onboardingKey],
    ) ?? [];
  // This client's values, and every field the practice has named on this laptop, so fields are offered by name.
  const known = useLiveQuery(
    async () =>
      open?.kind === 'fields'
        ? {
            values: await storedCustomFields(db, onboarding.onboardingKey, open.entity.entityOnboardingId),
            names: await storedCustomFieldNames(db),
          }
        : null,
    [practiceKey, onboarding.onboardingKey, open],
  );
  const queue = (
    operation: 'onboarding.removeDocument' | 'onboarding.setCustomFields',
    params: Record<string, string | number>,
    extra: { body?: unknown; query?: Record<string, string | number> },
    summary: string,
  ) =>
    outbox.queue({
      operation,
      payload: { params: { key: onboarding.onboardingKey, ...params }, ...extra },
      summary,
      entityKey: onboarding.entityKey,
      dependsOn: [],
    });

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
                <WriteActions>
                  <WriteButton size="1" onClick={() => setOpen({ kind: 'fields', entity })}>
                    Custom fields
                  </WriteButton>
                </WriteActions>
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
                          {d.isUploaded ? `${d.fileName ?? ''} ${formatDateTime(d.uploadedOn, region)}` : '—'}
                        </Table.Cell>
                        <Table.Cell>
                          {d.isUploaded ? null : (
                            <WriteActions>
                              <WriteButton
                                size="1"
                                color="red"
                                onClick={() =>
                                  setOpen({ kind: 'remove', entity, documentId: d.documentId, name: d.name })
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
      <ModalDialog
        open={open?.kind === 'remove'}
        onClose={close}
        title={open?.kind === 'remove' ? `Stop asking for “${open.name}”?` : ''}
        description={SENT_WHEN}
      >
        {open?.kind === 'remove' ? (
          <ActingUserForm
            schema={removeDocumentQuerySchema}
            what={`${open.entity.entityName} will no longer be asked for “${open.name}”.`}
            userLabel="Removed by"
            missingUser="Choose which staff member is removing it."
            submitLabel="Remove request"
            disabledReason={blocked}
            onCancel={close}
            onSubmit={async (query) => {
              const target = open;
              await queue(
                'onboarding.removeDocument',
                { documentId: target.documentId },
                { query: { userKey: query.userKey, entityOnboardingId: target.entity.entityOnboardingId } },
                operationRegistry['onboarding.removeDocument'].description.summary({
                  entityName: target.entity.entityName,
                  documentName: target.name,
                  onboardingID: onboarding.onboardingID,
                }),
              );
              close();
            }}
          />
        ) : null}
      </ModalDialog>
      <ModalDialog
        open={open?.kind === 'fields' && known !== undefined}
        onClose={close}
        width="wide"
        title={open?.kind === 'fields' ? `Custom fields of ${open.entity.entityName}` : ''}
        description={SENT_WHEN}
      >
        {open?.kind === 'fields' && known ? (
          <CustomFieldsForm
            known={known.values}
            names={known.names}
            disabledReason={blocked}
            onCancel={close}
            onSubmit={async (body) => {
              const target = open;
              await queue(
                'onboarding.setCustomFields',
                { clientId: target.entity.entityOnboardingId },
                { body },
                operationRegistry['onboarding.setCustomFields'].description.summary({
                  body,
                  entityName: target.entity.entityName,
                  onboardingID: onboarding.onboardingID,
                }),
              );
              close();
            }}
          />
        ) : null}
      </ModalDialog>
    </Card>
  );
}
