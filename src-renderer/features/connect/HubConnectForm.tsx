import { Button, Card, Checkbox, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import type { OwnCredentialsInput } from '../../../src-preload/contract/practice';
import { useServices } from '../../context/services-context';
import { useOwnCredentialsFields } from './OwnCredentialsFields';
import { useAppInfo, usePractice } from '../../context/store-hooks';
import { managedOf } from '../../stores/app-info-store';
import { SetByAdministrator } from '../../ui/SetByAdministrator';

/**
 * Connect through the practice hub: its address and the enrolment code its administrator gave. Main keeps
 * the code's device token like a secret; this window never sees it again. The hub only reads: changes are
 * sent to the Partner API with the laptop's own credentials, entered here or kept from a direct connection.
 */
export function HubConnectForm(
  props: { title?: string; description?: string; submitLabel?: string; onConnected?: () => void } = {},
) {
  const { practice } = useServices();
  const busy = usePractice((s) => s.busy);
  const storage = usePractice((s) => s.storage);
  // The administrator's policy may fix the hub: filled in, and not editable here (main refuses any other).
  const fixedHub = useAppInfo((s) => managedOf(s).hubUrl);
  const [typedHubUrl, setHubUrl] = useState('');
  const hubUrl = fixedHub ?? typedHubUrl;
  const [enrolmentCode, setEnrolmentCode] = useState('');
  const [remember, setRemember] = useState(true);
  const [withOwn, setWithOwn] = useState(false);
  const send = (own?: OwnCredentialsInput) => {
    // Weak storage is never chosen here: without a secure store the device token is kept for this session.
    void practice
      .connectHub({ hubUrl, enrolmentCode, remember, acceptWeakStorage: false, ...(own ? { own } : {}) })
      .then((result) => {
        if (own) ownFields.settled(result);
        if (result.ok) {
          setEnrolmentCode('');
          props.onConnected?.();
        }
      });
  };
  const ownFields = useOwnCredentialsFields(send);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(withOwn ? ownFields.value() : undefined);
  };
  return (
    <Card asChild>
      <form onSubmit={submit} aria-label={props.title ?? 'Connect through the practice hub'}>
        <Heading as="h2" size="3" mb="2">
          {props.title ?? 'Through the practice hub'}
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {props.description ??
            'Your practice’s hub reads the Partner API once for every laptop. This laptop reads from the hub; to make changes it needs your own Partner API credentials (if it is connected directly now, those are kept).'}
        </Text>
        <Flex direction="column" gap="3">
          <label>
            <Text size="2" weight="medium">
              Hub address
            </Text>
            <TextField.Root
              value={hubUrl}
              onChange={(e) => setHubUrl(e.target.value)}
              placeholder="https://hub.example.com:4020"
              readOnly={fixedHub !== undefined}
              required
            />
          </label>
          {fixedHub ? <SetByAdministrator /> : null}
          <label>
            <Text size="2" weight="medium">
              Enrolment code
            </Text>
            <TextField.Root
              type="password"
              value={enrolmentCode}
              onChange={(e) => setEnrolmentCode(e.target.value)}
              autoComplete="off"
              required
            />
          </label>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox checked={remember} onCheckedChange={(v) => setRemember(v === true)} /> Remember on this laptop
              {storage && !storage.secure ? ' (this laptop has no secure store: kept for this session only)' : ''}
            </Flex>
          </Text>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox checked={withOwn} onCheckedChange={(v) => setWithOwn(v === true)} /> Send changes with your own
              Partner API credentials
            </Flex>
          </Text>
          {withOwn ? ownFields.fields : null}
          <Button type="submit" disabled={busy}>
            {props.submitLabel ?? 'Connect through the hub'}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}
