import type { SyncProgressEvent } from '../../../src-preload/contract/practice';
import { syncedResourceStorage, type SyncedResourceName } from '../../../src-preload/contract/sync';
import { countOf } from '../../ui/regional/counts';
import { syncedResourceName } from './synced-resource-names';

const modeText = { full: 'full import', incremental: 'changes', reconcile: 're-check' } as const;
export const stateText = { waiting: 'Waiting', running: 'Reading', done: 'Done', failed: 'Failed' } as const;
type ResourceProgress = SyncProgressEvent['resources'][number];

/**
 * A list main did not read because none has needed it yet (the proposal and job templates: read the first
 * time a form asks for them): it is "done" for this run with no page read, and has never been read at all.
 */
export const notNeededYet = (r: ResourceProgress, lastCompletedAt: string | null | undefined): boolean =>
  r.state === 'done' && r.pagesThisRun === 0 && lastCompletedAt === null;

/** The row's state in a word, never "Done" for a list that was never read. */
export const stateWord = (r: ResourceProgress, lastCompletedAt: string | null | undefined): string =>
  notNeededYet(r, lastCompletedAt) ? 'Not needed yet' : stateText[r.state];

/**
 * What a resource's run did, in words: "150 clients in 2 pages · full import", "No changes". `lastCompletedAt`:
 * when the list last completed a pass on this laptop (null: never), so a run never contradicts it.
 */
export function readText(r: ResourceProgress, region: string | undefined, lastCompletedAt?: string | null): string {
  const words = syncedResourceName(r.resource);
  const count = countOf(r.recordsThisPass, words.one, region, words.other);
  // A report is one object, read whole: a count or pages would say nothing.
  const report = syncedResourceStorage[r.resource as SyncedResourceName] === 'report';
  if (r.state === 'waiting' && r.pagesThisRun === 0) return 'Not read yet in this run';
  if (notNeededYet(r, lastCompletedAt)) return 'Read the first time a form needs it';
  // A resource read recently rests this run (main's refresh interval); its count is the last read's.
  if (r.state === 'done' && r.pagesThisRun === 0)
    return report ? 'Read recently, not due this run' : `Read recently, not due this run (${count} last time)`;
  if (report) return r.state === 'done' ? 'Report read' : r.state === 'failed' ? 'Not read' : 'Reading the report';
  if (r.state === 'done' && r.mode === 'incremental' && r.recordsThisPass === 0) return 'No changes';
  const pages = r.pagesThisRun > 0 ? ` in ${countOf(r.pagesThisRun, 'page', region)}` : '';
  return `${count}${pages} · ${modeText[r.mode]}`;
}
