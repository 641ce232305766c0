import { Callout, Flex } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import type { PracticeDb } from '../../data/practice-db';
import { CheckInput } from '../../ui/form-kit';
import { formatDateTime } from '../../ui/regional/regional-format';

/**
 * When this laptop last read that a completed verification is on file for the client, or null; undefined
 * while the database has not answered (a billed check's form waits for it rather than allow a send early).
 */
export function useVerificationOnFile(
  db: PracticeDb | null | undefined,
  entityKey: string,
): { readAt: string } | null | undefined {
  return useLiveQuery(async () => {
    const record = db ? await db.identity.get(entityKey) : undefined;
    return record?.certificate === 'available' ? { readAt: record.checkedAt } : null;
  }, [db, entityKey]);
}

export const CONFIRM_LABEL = 'I know a verification is on file: run this billed check anyway';

/** Why the submit waits: a billed check on a verified client is sent only once someone says they mean it. */
export const confirmFirst = (onFile: { readAt: string } | null, confirmed: boolean): string | null =>
  onFile && !confirmed ? `Tick “${CONFIRM_LABEL}” first: this client is already verified.` : null;

/**
 * Said before a billed ID or AML check on a client whose identity is already verified, with when this
 * laptop read that (the verification's own date is in its certificate), and an explicit confirm.
 */
export function VerifiedOnFileNotice({
  onFile,
  confirmed,
  onConfirm,
  region,
}: {
  onFile: { readAt: string } | null;
  confirmed: boolean;
  onConfirm(value: boolean): void;
  region: string | undefined;
}) {
  if (!onFile) return null;
  return (
    <Flex direction="column" gap="2" mb="3" data-testid="verified-on-file">
      <Callout.Root color="amber" size="1" role="status">
        <Callout.Text>
          This client&apos;s identity is already verified: a completed verification is on file (read from the practice{' '}
          {formatDateTime(onFile.readAt, region)}; its own date and method are in the certificate on the Identity tab).
          Another check is billed again.
        </Callout.Text>
      </Callout.Root>
      <CheckInput label={CONFIRM_LABEL} checked={confirmed} onChange={onConfirm} />
    </Flex>
  );
}
