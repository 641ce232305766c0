import { Button, Flex, Progress, Text } from '@radix-ui/themes';
import type { UpdateStatus } from '../../../src-preload/contract/desktop';
import { restartToUpdate } from '../../updates/update-bridge';
import { useRegion } from '../../ui/regional/use-region';
import { formatDateTime } from '../../ui/regional/regional-format';
import { useCompanion } from '../../context/services-context';
import { useAppInfo, useStores, useUpdates } from '../../context/store-hooks';
import { managedOf } from '../../stores/app-info-store';
import { SetByAdministrator } from '../../ui/SetByAdministrator';

const stateWords: Record<UpdateStatus['state'], string> = {
  off: 'Off',
  idle: 'Up to date',
  checking: 'Checking for updates…',
  downloading: 'Downloading an update',
  ready: 'An update is ready',
  error: 'Update problem',
};

/** The sentence About shows for a status: main's own sentence when it has one, else the state in words. */
export function updateSentence(status: UpdateStatus): string {
  return status.message ?? stateWords[status.state];
}

export interface UpdateStatusViewProps {
  status: UpdateStatus | null;
  refusedReason: string | null;
  onRestart?: () => void;
  /** The practice's region: dates are written its way. */
  region?: string | undefined;
}

/** Settings → About: where updates stand, the download's progress, and "Restart to update" once one is ready. */
export function UpdateStatusView({ status, refusedReason, onRestart, region }: UpdateStatusViewProps) {
  if (!status) return <Text color="gray">Loading…</Text>;
  return (
    <Flex direction="column" gap="2" mt="3" data-testid="update-status" data-state={status.state}>
      <Text as="p" size="2" weight="medium">
        {/* Idle with a version: announced only (an installation that does not update itself, e.g. on Linux). */}
        {status.state === 'idle' && status.version
          ? `Version ${status.version} is available`
          : stateWords[status.state]}
        {status.version && status.state !== 'idle' ? ` (version ${status.version})` : ''}
      </Text>
      <Text as="p" size="2" color={status.state === 'error' ? 'red' : undefined} data-testid="update-message">
        {updateSentence(status)}
      </Text>
      {status.state === 'downloading' && status.percent !== null ? (
        <Progress value={status.percent} aria-label={`Update downloaded ${status.percent}%`} />
      ) : null}
      {status.lastCheckedAt ? (
        <Text as="p" size="1" color="gray">
          Last checked {formatDateTime(status.lastCheckedAt, region)}
        </Text>
      ) : null}
      {status.state === 'ready' && onRestart ? (
        <Flex direction="column" gap="2" align="start">
          <Button onClick={onRestart}>Restart to update</Button>
          {refusedReason && refusedReason !== status.message ? (
            <Text as="p" size="2" color="amber" role="status">
              {refusedReason}
            </Text>
          ) : null}
        </Flex>
      ) : null}
    </Flex>
  );
}

/** Connected to main: the root watches the status from start, so About is right at once. */
export function UpdateSection() {
  const companion = useCompanion();
  const status = useUpdates((s) => s.status);
  const refusedReason = useUpdates((s) => s.refusedReason);
  const region = useRegion();
  const { updates } = useStores();
  const byPolicy = useAppInfo((s) => managedOf(s).updates !== undefined);
  if (!companion) return null;
  return (
    <>
      {byPolicy ? <SetByAdministrator /> : null}
      <UpdateStatusView
        status={status}
        refusedReason={refusedReason}
        region={region}
        onRestart={() => void restartToUpdate(companion, updates)}
      />
    </>
  );
}
