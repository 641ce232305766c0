import { describe, expect, it } from 'vitest';
import { crashReportLines } from '../../../../src-renderer/recovery/crash-report-lines';

describe('the recovery page names the crash reports kept', () => {
  it('takes the crash lines of the diagnostics, and nothing after them', () => {
    const diagnostics = [
      'Updates: off',
      'Crash reports on this laptop: 2 (newest first; "Save support bundle…" includes them)',
      '  2026-11-29T08:30:00.000Z  b1.dmp  2 KB',
      '  2026-11-28T09:00:00.000Z  a0.dmp  3 KB',
      '',
      'Last 2 log lines (secrets and link signatures removed):',
      '  indented log line',
    ].join('\n');
    expect(crashReportLines(diagnostics)).toBe(
      [
        'Crash reports on this laptop: 2 (newest first; "Save support bundle…" includes them)',
        '2026-11-29T08:30:00.000Z  b1.dmp  2 KB',
        '2026-11-28T09:00:00.000Z  a0.dmp  3 KB',
      ].join('\n'),
    );
    expect(crashReportLines('Updates: off')).toBe('');
  });
});
