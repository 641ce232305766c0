import { Theme } from '@radix-ui/themes';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ConnectivityReason } from '../../../../src-preload/contract/connectivity';
import { OnlineIndicatorView } from '../../../../src-renderer/connectivity/OnlineIndicator';

// Theme provides the tooltip context, as in the app.
const show = (reason: ConnectivityReason, hasPractice = true): string =>
  renderToStaticMarkup(
    <Theme>
      <OnlineIndicatorView reason={reason} checkedAt="2026-11-20T10:00:00.000Z" hasPractice={hasPractice} />
    </Theme>,
  );
const text = (html: string): string => html.replace(/<[^>]+>/g, '');

describe('online indicator', () => {
  it('says why it is offline: no network, or a network that does not reach the practice', () => {
    expect(text(show('ok'))).toBe('Online');
    expect(show('ok')).toContain('data-online="true"');
    expect(text(show('no-network'))).toBe('Offline');
    const portal = show('practice-unreachable');
    expect(text(portal)).toBe('Offline — this network does not reach the practice');
    expect(portal).toContain('data-online="false"');
    expect(portal).toContain('data-reason="practice-unreachable"');
  });

  it('with no practice connected, speaks of the network only: never "Online" or "Offline"', () => {
    expect(text(show('ok', false))).toBe('Network connected');
    expect(text(show('no-network', false))).toBe('No network');
    expect(show('no-network', false)).toContain('data-reason="no-practice"');
  });
});
