import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { fetchDocument } from '../../../client-data/client-reads';
import { useClientPart } from '../../../client-data/use-client-data';
import type { StoredEntity } from '../../../data/practice-db';
import { formatDateTime } from '../../../ui/regional/regional-format';
import { OpenPdfLink } from '../../../ui/OpenPdfLink';
import { PartStatus, ReadButton } from '../../shared/PartStatus';
import { useRegion } from '../../../ui/regional/use-region';
import { useActivePracticeDb } from '../../../context/services-context';
import { inWords } from '../../../ui/words/enum-words';
import { useShownToClient } from '../../../client-facing/client-view';

/**
 * Identity: the contract gives no status read, only the certificate PDF, which exists once a
 * verification has completed (404 before). So the status shown is "verified, certificate on file" or
 * "no completed verification", plus what this laptop sent (ID checks and AML screenings in the outbox).
 * The verification's own date and method are only inside the certificate (its layout is the practice's
 * and not in the contract), so they are not guessed: the time this laptop read the status is labelled as
 * that, apart from the status, and the certificate opens beside it.
 */
export function ClientIdentityTab({ entity }: { entity: StoredEntity }) {
  const db = useActivePracticeDb();
  const region = useRegion();
  const data = useLiveQuery(async () => {
    if (!db) return null;
    const [identity, sent] = await Promise.all([
      db.identity.get(entity.entityKey),
      db.outbox
        .where('entityKey')
        .equals(entity.entityKey)
        .filter((e) => e.operation === 'identity.sendVerification' || e.operation === 'identity.runAmlCheck')
        .toArray(),
    ]);
    return { identity, sent };
  }, [db, entity.entityKey]);
  const part = useClientPart(entity.entityKey, 'identity', data ? (data.identity ? 1 : 0) : 'loading');
  const identity = data?.identity;
  // Screenings of the client (AML) and their results are the practice's: not shown with the screen turned to them.
  const shownToClient = useShownToClient();
  const sent = (data?.sent ?? []).filter((e) => !shownToClient || e.operation !== 'identity.runAmlCheck');
  return (
    <Card>
      <Flex gap="3" align="center" mb="2" wrap="wrap">
        <Heading as="h2" size="3">
          Identity verification
        </Heading>
        <ReadButton
          label="Check again"
          run={(ctx) => fetchDocument(ctx, { kind: 'idCertificate', id: entity.entityKey }, entity.entityKey)}
        />
      </Flex>
      <Flex gap="3" align="center" data-testid="identity-status">
        {identity === undefined ? (
          <PartStatus
            part="identity"
            what="The identity status"
            noun="the identity status"
            singular
            region={region}
            {...part}
          />
        ) : identity.certificate === 'available' ? (
          <>
            <Badge color="green">Verified</Badge>
            <Text size="2" data-testid="identity-verified-on">
              A completed verification is on file. Its date and method are in the certificate: the practice gives them
              nowhere else.
            </Text>
            <OpenPdfLink
              kind="idCertificate"
              id={entity.entityKey}
              entityKey={entity.entityKey}
              label="Open certificate"
            />
          </>
        ) : (
          <>
            <Badge color="amber">Not verified</Badge>
            <Text size="2">No identity verification has been completed for this client.</Text>
          </>
        )}
      </Flex>
      {identity ? (
        // When this laptop asked, never to be taken for when the client was verified.
        <Text as="p" size="1" color="gray" mt="2" data-testid="identity-read-at">
          Status read from the practice by this laptop {formatDateTime(identity.checkedAt, region)}.
        </Text>
      ) : null}
      {sent.length > 0 ? (
        <Flex direction="column" gap="1" mt="3">
          <Text size="2" weight="bold">
            Sent from this laptop
          </Text>
          {sent.map((e) => (
            <Text key={e.id} size="1" color="gray" data-testid="identity-sent">
              {e.operation === 'identity.runAmlCheck' ? 'AML screening' : 'ID verification'} · {e.status} ·{' '}
              {formatDateTime(e.createdAt, region)}
              {shownToClient ? '' : amlResult(e.result)}
            </Text>
          ))}
        </Flex>
      ) : null}
    </Card>
  );
}

/** The AML result from the practice's answer, when this laptop has it. */
function amlResult(response: unknown): string {
  const result = (response as { result?: unknown } | null | undefined)?.result;
  return typeof result === 'string' ? ` · result: ${inWords('amlResult', result)}` : '';
}
