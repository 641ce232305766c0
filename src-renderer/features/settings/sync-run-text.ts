import type { SyncProgressEvent } from '../../../src-preload/contract/practice';
import { syncedResourceStorage, type SyncedResourceName } from '../../../src-preload/contract/sync';
import { countOf } from '../../ui/regional/counts';
import { syncedResourceName } from './synced-resource-names';

const modeText = { full: 'full import', incremental: 'changes', reconcile: 're-check' } as const;
export const stateText = { waiting: 'Waiting', running: 'Reading', done: 'Done', failed: 'Failed' } as const;
type ResourceProgress = SyncProgressEvent['resources'][number];

/** What a resource's run did, in words: "150 clients in 2 pages · full import", "No changes". */
export function readText(r: ResourceProgress, region: string | undefined): string {
  const words = syncedResourceName(r.resource);
  const count = countOf(r.recordsThisPass, words.one, region, words.other);
  // A report is one object, read whole: a count or pages would say nothing.
  const report = syncedResourceStorage[r.resource as SyncedResourceName] === 'report';
  if (r.state === 'waiting' && r.pagesThisRun === 0) return 'Not read yet in this run';
  // A resource read recently rests this run (main's refresh interval); its count is the last read's.
  if (r.state === 'done' && r.pagesThisRun === 0)
    return report ? 'Read recently, not due this run' : `Read recently, not due this run (${count} last time)`;
  if (report) return r.state === 'done' ? 'Report read' : r.state === 'failed' ? 'Not read' : 'Reading the report';
  if (r.state === 'done' && r.mode === 'incremental' && r.recordsThisPass === 0) return 'No changes';
  const pages = r.pagesThisRun > 0 ? ` in ${countOf(r.pagesThisRun, 'page', region)}` : '';
  return `${count}${pages} · ${modeText[r.mode]}`;
}
