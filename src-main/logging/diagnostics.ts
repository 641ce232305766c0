import type { AppInfo } from '../../src-preload/contract/app-info';
import type { BudgetStatus } from '../../src-preload/contract/budget';
import type { Connectivity } from '../../src-preload/contract/connectivity';
import type { ActivityReport, UpdateStatus } from '../../src-preload/contract/desktop';
import type { SyncProgressEvent } from '../../src-preload/contract/practice';
import { crashDumpLines, type CrashDump } from './crash-dumps';
import { redactText } from './redact';

/** Everything "Copy diagnostics" reports; each piece is read when the user asks, never cached. */
export interface DiagnosticsFacts {
  app: AppInfo;
  storage: { secure: boolean; backend: string } | null;
  connectivity: Connectivity;
  practice: { name: string; region: string; isDemo: boolean; storage: string; problem: string | null } | null;
  sync: SyncProgressEvent | null;
  budget: BudgetStatus | null;
  activity: ActivityReport;
  update: UpdateStatus | null;
  /** The crash dumps kept on this laptop (crash-dumps.ts), newest first. */
  crashDumps: readonly CrashDump[];
  logLines: string[];
}

const yesNo = (value: boolean): string => (value ? 'yes' : 'no');

function syncLines(sync: SyncProgressEvent | null): string[] {
  if (!sync) return ['Sync: no run since the app started'];
  const lines = [`Sync: ${sync.running ? 'running' : 'not running'}; last run ${sync.lastRunAt ?? 'not finished yet'}`];
  for (const r of sync.resources) {
    lines.push(
      `  ${r.resource}: ${r.state} (${r.mode}), ${r.pagesThisRun} pages, ${r.rejectedThisRun} rejected${r.error ? `; ${r.error}` : ''}`,
    );
  }
  return lines;
}

function budgetLines(budget: BudgetStatus | null): string[] {
  if (!budget) return ['Request budget: not known'];
  const { remaining, limits } = budget;
  return [
    `Request budget left: ${remaining.minute}/${limits.perMinute} this minute, ${remaining.hour}/${limits.perHour} this hour, ` +
      `${remaining.day}/${limits.perDay} today`,
    `  paused until: ${budget.pausedUntil ?? 'not paused'}; this run: ${budget.run ? `${budget.run.requestsLeft} requests left` : 'none'}`,
  ];
}

/** Plain text for the clipboard: what support needs to understand a problem, and nothing that lets anyone sign in. */
export function diagnosticsText(facts: DiagnosticsFacts): string {
  const { app, activity } = facts;
  const lines = [
    `${app.name} ${app.version} (${app.runtime})`,
    `Platform: ${app.platform} ${app.arch}`,
    `Versions: Electron ${app.versions.electron ?? 'n/a'}, Chromium ${app.versions.chrome ?? 'n/a'}, Node ${app.versions.node}`,
    `Saved credentials protected by: ${facts.storage ? `${facts.storage.backend} (secure: ${yesNo(facts.storage.secure)})` : 'not known'}`,
    `Connectivity: ${facts.connectivity.online ? 'online' : 'offline'} (${facts.connectivity.reason}, checked ${facts.connectivity.checkedAt})`,
    facts.practice
      ? `Active practice: ${facts.practice.name} (${facts.practice.region}${facts.practice.isDemo ? ', demo' : ''}; kept: ${facts.practice.storage})` +
        (facts.practice.problem ? `; problem: ${facts.practice.problem}` : '')
      : 'Active practice: none',
    ...syncLines(facts.sync),
    ...budgetLines(facts.budget),
    `Window activity: ${activity.outboxSending} sending, ${activity.unsentCount} unsent, ${activity.needsAttentionCount} need attention, ` +
      `${activity.packsDownloading} meeting packs downloading`,
    facts.update
      ? `Updates: ${facts.update.state}${facts.update.version ? ` (${facts.update.version})` : ''}${facts.update.message ? `; ${facts.update.message}` : ''}`
      : 'Updates: not known',
    ...crashDumpLines(facts.crashDumps),
    '',
    `Last ${facts.logLines.length} log lines (secrets and link signatures removed):`,
    ...facts.logLines,
  ];
  // Every piece is redacted again as a whole: a practice name or a sync error could quote anything.
  return redactText(lines.join('\n'));
}
