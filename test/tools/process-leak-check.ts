import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { liveGroupMembers, signalGroup, type GroupMember } from '../support/process-groups';
import type { ProcessRecord } from '../support/tracked-process';

export interface LeakedProcess {
  record: ProcessRecord;
  alive: GroupMember[];
}

/** Every recorded child whose process group still has a live member. */
export function findLeakedProcesses(recordsDir: string): LeakedProcess[] {
  if (!existsSync(recordsDir)) return [];
  const leaks: LeakedProcess[] = [];
  for (const file of readdirSync(recordsDir)) {
    if (!file.endsWith('.json')) continue;
    const record = JSON.parse(readFileSync(join(recordsDir, file), 'utf8')) as ProcessRecord;
    const alive = liveGroupMembers(record.pid);
    if (alive.length > 0) leaks.push({ record, alive });
  }
  return leaks;
}

export function describeLeaks(leaks: readonly LeakedProcess[]): string {
  const lines = leaks.map(
    ({ record, alive }) =>
      `- "${record.command}" (started ${record.startedAt}, process group ${record.pid}): still running ${alive.map((m) => `${m.pid} ${m.command}`).join('; ')}`,
  );
  return `${leaks.length} process${leaks.length === 1 ? '' : 'es'} started by the tests ${leaks.length === 1 ? 'was' : 'were'} still running after them. Stop each one's whole group in the test that starts it (spawnTracked(...).stop()).\n${lines.join('\n')}`;
}

/**
 * Throws, naming each command, if anything a test started is still alive; kills what it found first,
 * so a failed run does not also leave the machine busy.
 */
export function assertNoLeakedProcesses(recordsDir: string): void {
  const leaks = findLeakedProcesses(recordsDir);
  if (leaks.length === 0) return;
  for (const { record } of leaks) signalGroup(record.pid, 'SIGKILL');
  throw new Error(describeLeaks(leaks));
}
