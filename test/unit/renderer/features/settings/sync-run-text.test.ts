import { describe, expect, it } from 'vitest';
import { syncedResourceStorage } from '../../../../../src-preload/contract/sync';
import { notNeededYet, readText, stateWord } from '../../../../../src-renderer/features/settings/sync-run-text';
import {
  syncedResourceName,
  syncedResourceNames,
} from '../../../../../src-renderer/features/settings/synced-resource-names';

const progress = (patch: Partial<Parameters<typeof readText>[0]>): Parameters<typeof readText>[0] => ({
  resource: 'entities',
  state: 'done',
  mode: 'full',
  pagesThisRun: 2,
  recordsThisPass: 150,
  rejectedThisRun: 0,
  error: null,
  ...patch,
});

describe('Settings → Sync in the practice’s words', () => {
  it('names every synced list, never by its internal name', () => {
    for (const resource of Object.keys(syncedResourceStorage)) {
      const { label } = syncedResourceName(resource);
      expect(label).not.toBe(resource);
      expect(label).toMatch(/^[A-Ze]/);
    }
    expect(syncedResourceNames.debtorAgeing.label).toBe('Debtor ageing');
    expect(syncedResourceNames.recurringBillings.label).toBe('Recurring billing');
  });

  it('counts records with their noun, agreeing in number', () => {
    expect(readText(progress({}), 'ANZ')).toBe('150 clients in 2 pages · full import');
    expect(
      readText(progress({ resource: 'leads', recordsThisPass: 1, pagesThisRun: 1, mode: 'incremental' }), 'ANZ'),
    ).toBe('1 lead in 1 page · changes');
    expect(
      readText(progress({ resource: 'contacts', recordsThisPass: 12345, mode: 'reconcile' }), 'ZA').replace(
        /\u00a0/g,
        ' ',
      ),
    ).toBe('12 345 contacts in 2 pages · re-check');
  });

  it('says what a run without pages means, and a report is read, not counted', () => {
    expect(readText(progress({ resource: 'contacts', pagesThisRun: 0, recordsThisPass: 304 }), 'ANZ')).toBe(
      'Read recently, not due this run (304 contacts last time)',
    );
    expect(readText(progress({ state: 'waiting', pagesThisRun: 0 }), 'ANZ')).toBe('Not read yet in this run');
    expect(readText(progress({ mode: 'incremental', recordsThisPass: 0, pagesThisRun: 1 }), 'ANZ')).toBe('No changes');
    expect(readText(progress({ resource: 'debtorAgeing', recordsThisPass: 1, pagesThisRun: 1 }), 'ANZ')).toBe(
      'Report read',
    );
    expect(readText(progress({ resource: 'debtorAgeing', pagesThisRun: 0 }), 'ANZ')).toBe(
      'Read recently, not due this run',
    );
    expect(readText(progress({ resource: 'ledgerStatus', state: 'failed', pagesThisRun: 1 }), 'ANZ')).toBe('Not read');
  });

  it('never calls a list done and read recently when it has never been read (a list only a form needs)', () => {
    const never = progress({ resource: 'proposalTemplates', pagesThisRun: 0 });
    expect(readText(never, 'ANZ', null)).toBe('Read the first time a form needs it');
    expect(stateWord(never, null)).toBe('Not needed yet');
    expect(notNeededYet(never, null)).toBe(true);
    // Read before: it rests this run, and says so.
    expect(readText(never, 'ANZ', '2026-11-28T10:00:00.000Z')).toBe('Read recently, not due this run');
    expect(stateWord(never, '2026-11-28T10:00:00.000Z')).toBe('Done');
  });
});
