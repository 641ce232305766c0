import { Badge, Card, Code, DataList, Flex, Heading, Kbd, Text } from '@radix-ui/themes';
import { screens } from '../../app/screens';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useAppInfo } from '../../stores/app-info-store';

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

export function SettingsScreen() {
  return (
    <>
      <ScreenHeader title="Settings" />
      <Flex direction="column" gap="4" maxWidth="720px">
        <Card>
          <Heading as="h2" size="3" mb="2">
            Practice connection
          </Heading>
          <Text as="p" size="2" color="gray">
            No practice is connected on this laptop.
          </Text>
        </Card>
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
