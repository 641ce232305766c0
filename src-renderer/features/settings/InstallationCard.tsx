import { Callout, Card, Code, DataList, Heading, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import type { RegionHostsStatus } from '../../../src-preload/contract/desktop';
import { useCompanion } from '../../context/services-context';
import { usePersistentStorage, useStores } from '../../context/store-hooks';
import { refreshPersistence } from '../../desktop/persistent-storage';

const sourceWords: Record<RegionHostsStatus['source'], string> = {
  'built-in': 'Built into the app',
  'user-data-file': 'regions.json in the data folder',
  'environment-file': 'The file named by PRACTICE_COMPANION_REGIONS_FILE',
};

export function persistenceSentence(persisted: boolean | null): string {
  if (persisted === true)
    return 'Kept: the saved practice data and unsent actions are not removed when the disk runs low.';
  if (persisted === false) {
    return 'Not guaranteed: the browser engine may remove the saved practice data when the disk runs low. Unsent actions would be lost with it.';
  }
  return 'Unknown: this browser cannot say whether the saved data is kept.';
}

/** What this installation runs on: storage that is not evicted, and which regional hosts (and whether an administrator's file was refused). */
export function InstallationCard() {
  const companion = useCompanion();
  const persisted = usePersistentStorage((s) => s.persisted);
  const { persistentStorage } = useStores();
  const [regions, setRegions] = useState<RegionHostsStatus | null>(null);
  useEffect(() => {
    void refreshPersistence(persistentStorage);
    if (!companion) return;
    let current = true;
    void companion.desktop
      .regionHosts()
      .then((status) => current && setRegions(status))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [companion, persistentStorage]);
  return (
    <Card data-testid="installation">
      <Heading as="h2" size="3" mb="3">
        This installation
      </Heading>
      <DataList.Root size="2">
        <DataList.Item>
          <DataList.Label>Saved data</DataList.Label>
          <DataList.Value data-testid="persistent-storage">{persistenceSentence(persisted)}</DataList.Value>
        </DataList.Item>
        {regions ? (
          <>
            <DataList.Item>
              <DataList.Label>Regional hosts from</DataList.Label>
              <DataList.Value data-testid="region-hosts-source">
                {sourceWords[regions.source]}
                {regions.path && !regions.problem ? (
                  <>
                    {' '}
                    (<Code variant="ghost">{regions.path}</Code>)
                  </>
                ) : null}
              </DataList.Value>
            </DataList.Item>
            {Object.entries(regions.hosts).map(([region, host]) => (
              <DataList.Item key={region}>
                <DataList.Label>{region}</DataList.Label>
                <DataList.Value>
                  <Code variant="ghost">{host}</Code>
                </DataList.Value>
              </DataList.Item>
            ))}
          </>
        ) : null}
      </DataList.Root>
      {regions?.problem ? (
        <Callout.Root color="amber" mt="3" role="status" data-testid="region-hosts-problem">
          <Callout.Text>{regions.problem}</Callout.Text>
        </Callout.Root>
      ) : null}
      {regions ? null : (
        <Text as="p" size="1" color="gray" mt="2">
          Reading the regional hosts…
        </Text>
      )}
    </Card>
  );
}
