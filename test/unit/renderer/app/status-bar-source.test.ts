import { describe, expect, it } from 'vitest';
import { sourceText } from '../../../../src-renderer/app/StatusBar';
import { formatTime } from '../../../../src-renderer/ui/regional/regional-format';

describe('the status bar names where a practice read through the hub is synced from', () => {
  it('the hub, before any run and while the hub answers', () => {
    expect(sourceText(undefined, 'ANZ')).toBe('through the practice hub');
    expect(sourceText({ reads: 'hub', hubUnreachableSince: null }, 'ANZ')).toBe('through the practice hub');
  });

  it('the Partner API directly, since when the hub has not answered', () => {
    const since = '2031-05-06T10:42:00.000Z';
    expect(sourceText({ reads: 'direct', hubUnreachableSince: since }, 'ANZ')).toBe(
      `directly — the hub is unreachable since ${formatTime(since, 'ANZ')}`,
    );
  });
});
