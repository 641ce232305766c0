import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { ConnectResult, OwnCredentialsInput } from '../../../src-preload/contract/practice';
import {
  credentialsToSend,
  noCredentials,
  PartnerApiCredentialFields,
  type PartnerApiCredentials,
} from './PartnerApiCredentialFields';

/**
 * The laptop's own Partner API credentials beside the practice hub: where the practice is (as in the direct
 * form), the Client ID and the secret. Main checks them with the Partner API and keeps the secret; this
 * window never sees it again. `resend`: the form's send again, once the user confirmed the address main asked about.
 */
export function useOwnCredentialsFields(resend: (own: OwnCredentialsInput) => void) {
  const [credentials, setCredentials] = useState<PartnerApiCredentials>(noCredentials);
  // Main asks once before a secret is first sent to a custom address (or a changed regional host).
  const [confirming, setConfirming] = useState<{ address: string; message: string } | null>(null);

  /** `confirmedAddress`: the exact address the user confirmed, sent instead of the field's text. */
  const value = (confirmedAddress?: string): OwnCredentialsInput => credentialsToSend(credentials, confirmedAddress);
  /** Main's answer: the secret is cleared once kept; an address to confirm is asked for. */
  const settled = (result: ConnectResult) => {
    setConfirming(null);
    if (result.ok) setCredentials((typed) => ({ ...typed, secret: '' }));
    else if (result.confirmAddress) setConfirming({ address: result.confirmAddress, message: result.message });
  };

  const fields = (
    <Flex direction="column" gap="3">
      <PartnerApiCredentialFields
        value={credentials}
        onChange={setCredentials}
        labels={{ address: 'Partner API address', clientId: 'Your Client ID', secret: 'Your client secret' }}
      />
      {confirming ? (
        <Callout.Root color="amber">
          <Callout.Text>{confirming.message}</Callout.Text>
          <Text as="p" size="2" weight="bold" style={{ wordBreak: 'break-all' }}>
            {confirming.address}
          </Text>
          <Button type="button" size="1" onClick={() => resend(value(confirming.address))}>
            Send them to this address
          </Button>
        </Callout.Root>
      ) : null}
    </Flex>
  );
  return { value, settled, fields };
}
