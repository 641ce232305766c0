import type { OperationName } from '../../src-preload/contract/outbox/operations';
import type { OutboxOutcome } from '../../src-preload/contract/outbox/outbox-entry';
import type { StoredPayload } from '../../src-preload/contract/outbox/payload-check';
import type { PartnerApiClient } from '../partner-api/partner-api-client';
import { checkCustomEformSchemas } from './custom-eform-check';
import { checkServiceLineEdit, recheckServiceLineEdit } from './line-edit-check';

/**
 * What a check concludes: an outcome instead of sending, or the body to send (possibly narrowed), with what
 * it read of the practice for the check after sending.
 */
type PreSendResult = { outcome: OutboxOutcome } | { body: unknown; seen?: unknown };

interface PreSendCheck {
  /** Reads what the practice has now and decides; throws when that read fails (then nothing is sent). */
  check(
    api: PartnerApiClient,
    params: Record<string, string | number>,
    body: unknown,
    payload: StoredPayload,
  ): Promise<PreSendResult>;
  /** The start of the sentence shown when the read fails, followed by the reason. */
  unreadable: string;
  /**
   * After the write was answered: reads again and returns an outcome that replaces "done" when the practice
   * changed what was written as it went out (null: done as answered).
   */
  recheck?(
    api: PartnerApiClient,
    params: Record<string, string | number>,
    sentBody: unknown,
    seen: unknown,
  ): Promise<OutboxOutcome | null>;
}

/**
 * The operations main checks against the practice's current state just before sending: one list, so the
 * executor has one place to look and a new check is one entry here.
 */
export const preSendChecks: Partial<Record<OperationName, PreSendCheck>> = {
  'proposal.editServices': {
    check: (api, params, body, payload) => checkServiceLineEdit(api, params, body, payload.base),
    unreadable: 'The lines could not be read before sending',
    recheck: (api, params, sentBody, seen) =>
      recheckServiceLineEdit(api, params, sentBody, seen as Parameters<typeof recheckServiceLineEdit>[3]),
  },
  'eform.create': {
    check: (api, _params, body) => checkCustomEformSchemas(api, body),
    unreadable: 'The practice’s schema guide could not be read before sending',
  },
};
