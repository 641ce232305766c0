import { Button, Callout, Card, Checkbox, Flex, Heading, Progress, Text } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import type { Region } from '../../../src-preload/contract/partner-api';
import { useServices } from '../../context/services-context';
import { LabelledSelect } from '../../ui/LabelledSelect';
import { ConfirmDialog } from '../../ui/ModalDialog';
import { HubConnectForm } from './HubConnectForm';
import {
  credentialsToSend,
  noCredentials,
  PartnerApiCredentialFields,
  regionNames,
  type PartnerApiCredentials,
} from './PartnerApiCredentialFields';
import { usePractice } from '../../context/store-hooks';

/** Connect a practice: one click for the demo practice, or the Client ID and secret from the practice administrator. */
export function ConnectPanel() {
  const { companion, practice } = useServices();
  const busy = usePractice((s) => s.busy);
  const error = usePractice((s) => s.error);
  const storage = usePractice((s) => s.storage);
  const [credentials, setCredentials] = useState<PartnerApiCredentials>(noCredentials);
  // The demo has a practice per region; Australia and New Zealand is the one a first look opens.
  const [demoRegion, setDemoRegion] = useState<Region>('ANZ');
  const [remember, setRemember] = useState(true);
  const [acceptWeakStorage, setAcceptWeakStorage] = useState(false);
  // Main asks once before the secret is first sent to a custom address, or to a regional host a regions file changed:
  // the address to confirm, as main normalised it.
  const [confirming, setConfirming] = useState<{ address: string; message: string } | null>(null);
  // After the chosen region refused the credentials: regions the user may pick instead (never tried with the secret).
  const [otherRegions, setOtherRegions] = useState<Region[]>([]);
  // Which connect is under way, so the first seconds say what is happening rather than a greyed button.
  const [starting, setStarting] = useState<'demo' | 'practice' | null>(null);
  if (!companion) return null;

  /** `confirmedAddress`: the exact address the user confirmed, sent instead of the field's text. */
  const send = (confirmedAddress?: string) => {
    setOtherRegions([]);
    // A region's host is main's own (read once at its start); a custom address is sent as the user confirmed it.
    const input = { ...credentialsToSend(credentials, confirmedAddress), remember, acceptWeakStorage };
    setStarting('practice');
    void practice.connect(input).then((result) => {
      if (result.ok) setCredentials((typed) => ({ ...typed, secret: '' }));
      else if (result.confirmAddress) setConfirming({ address: result.confirmAddress, message: result.message });
      else setOtherRegions(result.otherRegions ?? []);
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <Flex direction="column" gap="4" maxWidth="560px">
      <Card>
        <Heading as="h2" size="3" mb="2">
          Try it first
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          The demo practice runs on this laptop with made-up clients, so you can see everything the app does without
          credentials.
        </Text>
        <Flex gap="3" align="center" wrap="wrap">
          <Button
            onClick={() => {
              setStarting('demo');
              void practice.connectDemo(demoRegion === 'ANZ' ? undefined : demoRegion);
            }}
            disabled={busy}
          >
            {busy && starting === 'demo' ? 'Starting…' : 'Explore the demo practice'}
          </Button>
          <LabelledSelect
            label="Demo practice in"
            value={demoRegion}
            onChange={(value) => setDemoRegion(value as Region)}
          >
            <option value="ANZ">Australia and New Zealand</option>
            <option value="UK">United Kingdom</option>
            <option value="ZA">South Africa</option>
          </LabelledSelect>
        </Flex>
      </Card>
      <Card asChild>
        <form onSubmit={submit} aria-label="Connect your practice">
          <Heading as="h2" size="3" mb="3">
            Connect your practice
          </Heading>
          <Text as="p" size="2" color="gray" mb="3">
            Directly to the Partner API, with the Client ID and secret from your practice administrator.
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
              Connect
            </Button>
          </Flex>
        </form>
      </Card>
      {busy && starting ? (
        <Flex direction="column" gap="2" role="status" data-testid="connect-progress">
          <Text size="2">
            {starting === 'demo'
              ? `Starting the demo practice on this laptop: making up its clients, then connecting to it. Its clients appear here as soon as the first of them are imported.`
              : 'Checking the address and the credentials with the practice…'}
          </Text>
          <Progress duration="3s" aria-label="Connecting" />
        </Flex>
      ) : null}
      <HubConnectForm />
      {error ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{error}</Callout.Text>
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
        </Callout.Root>
      ) : null}
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
    </Flex>
  );
}
