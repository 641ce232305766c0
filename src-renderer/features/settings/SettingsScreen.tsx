import { Badge, Button, Callout, Card, Code, DataList, Flex, Heading, Kbd, Text } from '@radix-ui/themes';
import { screenList, showToClientShortcut } from '../../../src-preload/contract/screens';
import { ClientViewPinSetting } from '../client-facing/ClientViewPinSetting';
import { useLiveQuery } from 'dexie-react-hooks';
import { ConfirmDialog } from '../../ui/ModalDialog';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useState } from 'react';
import { countOpen } from '../../outbox/outbox-count';
import { ConnectPanel } from '../connect/ConnectPanelOnDemand';
import { ConnectionSection, connectionWords } from '../connect/ConnectionSection';
import { SyncStatus } from './SyncStatus';
import { AppearanceSetting } from './AppearanceSetting';
import { DocumentEncryption } from './DocumentEncryption';
import { ThisIsMe } from './ThisIsMe';
import { UpdateSection } from './UpdateSection';
import { InstallationCard } from './InstallationCard';
import { useCompanion, useServices } from '../../context/services-context';
import { countOf } from '../../ui/regional/counts';
import { useAppInfo, usePractice } from '../../context/store-hooks';

function AboutCard() {
  const info = useAppInfo((s) => s.info);
  const error = useAppInfo((s) => s.error);
  const policy = useAppInfo((s) => s.policy);
  if (error) {
    return (
      <Text color="red" role="alert">
        Could not read the app's details: {error}
      </Text>
    );
  }
  if (!info) return <Text color="gray">Loading…</Text>;
  return (
    <DataList.Root data-testid="app-info">
      <DataList.Item>
        <DataList.Label>Version</DataList.Label>
        <DataList.Value data-testid="app-version">
          {info.name} {info.version}
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Running as</DataList.Label>
        <DataList.Value>
          <Badge color={info.runtime === 'electron' ? 'indigo' : 'amber'}>
            {info.runtime === 'electron' ? 'Desktop app' : 'Browser preview'}
          </Badge>
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Platform</DataList.Label>
        <DataList.Value data-testid="app-platform">
          {info.platform} ({info.arch})
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Engines</DataList.Label>
        <DataList.Value>
          {[
            info.versions.electron ? `Electron ${info.versions.electron}` : null,
            info.versions.chrome ? `Chromium ${info.versions.chrome}` : null,
            `Node ${info.versions.node}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Data folder</DataList.Label>
        <DataList.Value>
          <Code variant="ghost">{info.paths.userData}</Code>
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Administrator's policy</DataList.Label>
        <DataList.Value data-testid="policy-source">
          <Flex direction="column" gap="1">
            <Text>{policy?.from ? <Code variant="ghost">{policy.from}</Code> : 'None'}</Text>
            {policy?.problem ? (
              <Text size="1" color="red" role="alert">
                {policy.problem}
              </Text>
            ) : null}
          </Flex>
        </DataList.Value>
      </DataList.Item>
    </DataList.Root>
  );
}

/** For support: one zip of the diagnostics, the logs and any crash reports, saved where the user chooses. */
function SupportBundleButton() {
  const companion = useCompanion();
  const [said, setSaid] = useState<{ text: string; ok: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  if (!companion) return null;
  const save = () => {
    setSaving(true);
    void companion.desktop
      .saveSupportBundle()
      .then((result) => setSaid(result.message === 'Not saved.' ? null : { text: result.message, ok: result.saved }))
      .catch(() => setSaid({ text: 'The support bundle could not be saved. Try again.', ok: false }))
      .finally(() => setSaving(false));
  };
  return (
    <Flex direction="column" gap="2" mt="3" align="start">
      <Button variant="soft" onClick={save} disabled={saving}>
        {saving ? 'Saving…' : 'Save support bundle…'}
      </Button>
      <Text size="1" color="gray">
        One file for your practice’s support contact: diagnostics, the app’s logs (no secrets) and any crash reports.
      </Text>
      {said ? (
        <Text
          size="2"
          color={said.ok ? 'green' : 'red'}
          role={said.ok ? 'status' : 'alert'}
          data-testid="support-bundle"
        >
          {said.text}
        </Text>
      ) : null}
    </Flex>
  );
}

/** Signing out deletes the outbox too: say how many prepared actions would be lost, before it happens. */
function UnsentWarning({ practiceKey }: { practiceKey: string }) {
  const { databases } = useServices();
  const unsent = useLiveQuery(() => countOpen(databases.of(practiceKey)), [practiceKey]) ?? 0;
  if (unsent === 0) return null;
  return (
    <Callout.Root color="red" mt="3" role="alert" data-testid="unsent-warning">
      <Callout.Text>
        {countOf(unsent, 'action has', undefined, 'actions have')} not been sent to the practice yet and will be lost.
        Go online and let the outbox send {unsent === 1 ? 'it' : 'them'}, or export the outbox as JSON first.
      </Callout.Text>
    </Callout.Root>
  );
}

function SignOutButton(props: { practiceKey: string; name: string; onConfirm(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="soft" color="red" onClick={() => setOpen(true)}>
        Sign out
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Sign out of ${props.name}?`}
        description="This removes the credentials and deletes this practice's data from this laptop."
        confirmLabel="Sign out and delete"
        onConfirm={props.onConfirm}
      >
        <UnsentWarning practiceKey={props.practiceKey} />
      </ConfirmDialog>
    </>
  );
}

function PracticeCard() {
  const companion = useCompanion();
  const { practice } = useServices();
  const practices = usePractice((s) => s.practices);
  const active = usePractice((s) => s.activePracticeKey);
  const notice = usePractice((s) => s.notice);
  const error = usePractice((s) => s.error);
  if (!companion) return null;
  if (practices.length === 0) return <ConnectPanel />;
  return (
    <Card>
      <Heading as="h2" size="3" mb="3" id="connection">
        Connection
      </Heading>
      {practices.map((p) => (
        <Flex key={p.practiceKey} direction="column" gap="2" mb="3">
          <Flex justify="between" align="center" gap="3" data-testid="connected-practice">
            <Flex direction="column" gap="1">
              <Text weight="medium">
                {p.name} {p.isDemo ? <Badge color="amber">Demo</Badge> : null}
              </Text>
              <Text size="1" color="gray">
                {p.region} · {connectionWords(p)}
                {p.practiceKey === active ? ' · active' : ''}
              </Text>
              {p.problem ? (
                <Text size="1" color="red">
                  {p.problem}
                </Text>
              ) : null}
            </Flex>
            <SignOutButton
              practiceKey={p.practiceKey}
              name={p.name}
              onConfirm={() => void practice.signOut(p.practiceKey)}
            />
          </Flex>
          {p.practiceKey === active ? <ConnectionSection practice={p} /> : null}
        </Flex>
      ))}
      {notice ? (
        <Callout.Root color="blue" role="status" mb="3">
          <Callout.Text>{notice}</Callout.Text>
        </Callout.Root>
      ) : null}
      {error ? (
        <Callout.Root color="red" role="alert" mb="3">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      ) : null}
      <ThisIsMe />
      <Heading as="h3" size="2" mb="2" mt="3">
        Sync
      </Heading>
      <SyncStatus />
    </Card>
  );
}

export function SettingsScreen() {
  return (
    <>
      <ScreenHeader title="Settings" />
      <Flex direction="column" gap="4" maxWidth="720px">
        <PracticeCard />
        <DocumentEncryption />
        <AppearanceSetting />
        <InstallationCard />
        <Card>
          <Heading as="h2" size="3" mb="3">
            About this app
          </Heading>
          <AboutCard />
          <UpdateSection />
          <SupportBundleButton />
        </Card>
        <Card>
          <Heading as="h2" size="3" mb="3">
            Keyboard shortcuts
          </Heading>
          <DataList.Root size="1">
            {screenList.map((screen) => (
              <DataList.Item key={screen.path}>
                <DataList.Label>{screen.label}</DataList.Label>
                <DataList.Value>
                  <Kbd>Ctrl/⌘ {screen.shortcut}</Kbd>
                </DataList.Value>
              </DataList.Item>
            ))}
            <DataList.Item>
              <DataList.Label>{showToClientShortcut.label}</DataList.Label>
              <DataList.Value>
                <Kbd>Ctrl/⌘ Shift {showToClientShortcut.key}</Kbd>
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Card>
        <Card>
          <ClientViewPinSetting />
        </Card>
      </Flex>
    </>
  );
}
