import { Button, Callout, Card, Checkbox, Flex, Heading, Text } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import type { Region } from '../../../src-preload/contract/partner-api';
import { useServices } from '../../context/services-context';
import { usePractice } from '../../context/store-hooks';
import { ConfirmDialog } from '../../ui/ModalDialog';
import {
  credentialsToSend,
  noCredentials,
  PartnerApiCredentialFields,
  regionNames,
  type PartnerApiCredentials,
} from './PartnerApiCredentialFields';

/**
 * Directly to the Partner API with a Client ID and secret: a first connect (the connect panel), or a practice
 * read through the hub moving back (Settings → Connection; main keeps its local copy and Outbox).
 */
export function DirectConnectForm(props: {
  title: string;
  description: string;
  submitLabel: string;
  onConnected?: () => void;
}) {
  const { practice } = useServices();
  const busy = usePractice((s) => s.busy);
  const storage = usePractice((s) => s.storage);
  const [credentials, setCredentials] = useState<PartnerApiCredentials>(noCredentials);
  const [remember, setRemember] = useState(true);
  const [acceptWeakStorage, setAcceptWeakStorage] = useState(false);
  // Main asks once before the secret is first sent to a custom address, or to a regional host a regions file changed:
  // the address to confirm, as main normalised it.
  const [confirming, setConfirming] = useState<{ address: string; message: string } | null>(null);
  // After the chosen region refused the credentials: regions the user may pick instead (never tried with the secret).
  const [otherRegions, setOtherRegions] = useState<Region[]>([]);

  /** `confirmedAddress`: the exact address the user confirmed, sent instead of the field's text. */
  const send = (confirmedAddress?: string) => {
    setOtherRegions([]);
    // A region's host is main's own (read once at its start); a custom address is sent as the user confirmed it.
    const input = { ...credentialsToSend(credentials, confirmedAddress), remember, acceptWeakStorage };
    void practice.connect(input).then((result) => {
      if (result.ok) {
        setCredentials((typed) => ({ ...typed, secret: '' }));
        props.onConnected?.();
      } else if (result.confirmAddress) setConfirming({ address: result.confirmAddress, message: result.message });
      else setOtherRegions(result.otherRegions ?? []);
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <>
      <Card asChild>
        <form onSubmit={submit} aria-label={props.title}>
          <Heading as="h2" size="3" mb="3">
            {props.title}
          </Heading>
          <Text as="p" size="2" color="gray" mb="3">
            {props.description}
          </Text>
          <Flex direction="column" gap="3">
            <PartnerApiCredentialFields
              value={credentials}
              onChange={setCredentials}
              labels={{ address: 'Address', clientId: 'Client ID', secret: 'Client secret' }}
            />
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox checked={remember} onCheckedChange={(v) => setRemember(v === true)} /> Remember on this laptop
              </Flex>
            </Text>
            {remember && storage && !storage.secure ? (
              <Callout.Root color="amber">
                <Callout.Text>
                  This laptop has no secure password store ({storage.backend}), so the secret is kept for this session
                  only. Tick below to store it anyway, protected only by your login.
                </Callout.Text>
                <Text as="label" size="2">
                  <Flex gap="2" align="center">
                    <Checkbox checked={acceptWeakStorage} onCheckedChange={(v) => setAcceptWeakStorage(v === true)} />{' '}
                    Store it with weak protection
                  </Flex>
                </Text>
              </Callout.Root>
            ) : null}
            <Button type="submit" disabled={busy}>
              {props.submitLabel}
            </Button>
            {otherRegions.length > 0 ? (
              <Flex gap="2" wrap="wrap" role="group" aria-label="Choose another region">
                {otherRegions.map((r) => (
                  <Button
                    key={r}
                    type="button"
                    size="1"
                    variant="soft"
                    onClick={() => {
                      setCredentials((typed) => ({ ...typed, region: r }));
                      setOtherRegions([]);
                    }}
                  >
                    Choose {regionNames[r]}
                  </Button>
                ))}
              </Flex>
            ) : null}
          </Flex>
        </form>
      </Card>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Send your credentials to this address?"
        description={confirming?.message}
        confirmLabel="Connect to this address"
        onConfirm={() => confirming && send(confirming.address)}
      >
        <Text as="p" size="3" weight="bold" data-testid="confirm-address" style={{ wordBreak: 'break-all' }}>
          {confirming?.address}
        </Text>
      </ConfirmDialog>
    </>
  );
}
