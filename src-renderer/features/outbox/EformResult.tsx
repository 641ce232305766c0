import { Button, Flex, Text } from '@radix-ui/themes';
import type { OutboxEntry } from '../../../src-preload/contract/outbox/outbox-entry';
import { eformCreateResponseSchema } from '../../../src-preload/contract/partner-api';
import { useOpenAction } from '../../operations/action-context';

/**
 * What the practice did with a sent eForm: sent or kept as a draft (a non-billing failure is a 200 with
 * sent: false), whether the email went, and the client's access link — and "Send draft" for a draft.
 */
export function EformResult({ entry }: { entry: OutboxEntry }) {
  const openAction = useOpenAction();
  if (entry.status !== 'done' || (entry.operation !== 'eform.create' && entry.operation !== 'eform.sendDraft'))
    return null;
  const result = eformCreateResponseSchema.safeParse(entry.result);
  if (!result.success) return null;
  const r = result.data;
  const sendDraft = () =>
    openAction('eform.sendDraft', { formKey: r.formKey, draftOf: entry.summary, entityKey: entry.entityKey });
  return (
    <Flex direction="column" gap="1" data-testid="eform-result">
      <Text size="2">
        {r.sent ? 'Sent.' : 'Kept as a draft (not sent).'}{' '}
        {r.sent ? (r.emailSent ? 'The email went to the recipient.' : 'No email was sent.') : ''}
      </Text>
      {r.accessUrl ? (
        <Text size="2">
          Access link:{' '}
          <Text as="span" className="selectable" data-testid="eform-access-link">
            {r.accessUrl}
          </Text>
        </Text>
      ) : null}
      {!r.sent && entry.operation === 'eform.create' ? (
        <Flex>
          <Button size="1" variant="soft" onClick={sendDraft}>
            Send draft
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
