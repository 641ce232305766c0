import { AlertDialog, Badge, Button, Card, Code, DataList, Flex, Heading, Kbd, Text } from '@radix-ui/themes';
import { screens } from '../../app/screens';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useAppInfo } from '../../stores/app-info-store';
import { findCompanion } from '../../bridge/companion';
import { usePractice } from '../../stores/practice-store';
import { ConnectPanel } from '../connect/ConnectPanel';
import { SyncStatus } from '../connect/SyncStatus';

function AboutCard() {
  const info = useAppInfo((s) => s.info);
  const error = useAppInfo((s) => s.error);
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
    </DataList.Root>
  );
}

function PracticeCard() {
  const companion = findCompanion();
  const practices = usePractice((s) => s.practices);
  const active = usePractice((s) => s.activePracticeKey);
  if (!companion) return null;
  if (practices.length === 0) return <ConnectPanel />;
  return (
    <Card>
      <Heading as="h2" size="3" mb="3">
        Practice connection
      </Heading>
      {practices.map((p) => (
        <Flex key={p.practiceKey} justify="between" align="center" gap="3" mb="3" data-testid="connected-practice">
          <Flex direction="column" gap="1">
            <Text weight="medium">
              {p.name} {p.isDemo ? <Badge color="amber">Demo</Badge> : null}
            </Text>
            <Text size="1" color="gray">
              {p.region} · {p.canWrite ? 'Read and write' : 'Read-only: you can browse, but actions that change data are not offered'}
              {p.practiceKey === active ? ' · active' : ''}
            </Text>
            {p.problem ? <Text size="1" color="red">{p.problem}</Text> : null}
          </Flex>
          <AlertDialog.Root>
            <AlertDialog.Trigger>
              <Button variant="soft" color="red">Sign out</Button>
            </AlertDialog.Trigger>
            <AlertDialog.Content maxWidth="440px">
              <AlertDialog.Title>Sign out of {p.name}?</AlertDialog.Title>
              <AlertDialog.Description size="2">
                This removes the credentials and deletes this practice's data from this laptop.
              </AlertDialog.Description>
              <Flex gap="3" mt="4" justify="end">
                <AlertDialog.Cancel>
                  <Button variant="soft" color="gray">Cancel</Button>
                </AlertDialog.Cancel>
                <AlertDialog.Action>
                  <Button color="red" onClick={() => void usePractice.getState().signOut(companion, p.practiceKey)}>Sign out and delete</Button>
                </AlertDialog.Action>
              </Flex>
            </AlertDialog.Content>
          </AlertDialog.Root>
        </Flex>
      ))}
      <Heading as="h3" size="2" mb="2">
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
        <Card>
          <Heading as="h2" size="3" mb="3">
            About this app
          </Heading>
          <AboutCard />
        </Card>
        <Card>
          <Heading as="h2" size="3" mb="3">
            Keyboard shortcuts
          </Heading>
          <DataList.Root size="1">
            {screens.map((screen) => (
              <DataList.Item key={screen.path}>
                <DataList.Label>{screen.label}</DataList.Label>
                <DataList.Value>
                  <Kbd>Ctrl/⌘ {screen.shortcut}</Kbd>
                </DataList.Value>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card>
      </Flex>
    </>
  );
}
