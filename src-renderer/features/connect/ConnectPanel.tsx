import { Button, Callout, Card, Flex, Heading, Progress, Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { Region } from '../../../src-preload/contract/partner-api';
import { useServices } from '../../context/services-context';
import { LabelledSelect } from '../../ui/LabelledSelect';
import { DirectConnectForm } from './DirectConnectForm';
import { HubConnectForm } from './HubConnectForm';
import { useAppInfo, usePractice } from '../../context/store-hooks';
import { managedOf } from '../../stores/app-info-store';

/** Connect a practice: one click for the demo practice, or the Client ID and secret from the practice administrator. */
export function ConnectPanel() {
  const { companion, practice } = useServices();
  const busy = usePractice((s) => s.busy);
  const error = usePractice((s) => s.error);
  // The demo has a practice per region; Australia and New Zealand is the one a first look opens.
  const [demoRegion, setDemoRegion] = useState<Region>('ANZ');
  // Which connect is under way, so the first seconds say what is happening rather than a greyed button.
  const [starting, setStarting] = useState<'demo' | 'practice' | null>(null);
  const directAllowed = useAppInfo((s) => managedOf(s).directConnections !== false);
  if (!companion) return null;

  return (
    <Flex direction="column" gap="4" maxWidth="560px" onSubmitCapture={() => setStarting('practice')}>
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
      {directAllowed ? (
        <DirectConnectForm
          title="Connect your practice"
          description="Directly to the Partner API, with the Client ID and secret from your practice administrator."
          submitLabel="Connect"
        />
      ) : null}
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
        </Callout.Root>
      ) : null}
    </Flex>
  );
}
