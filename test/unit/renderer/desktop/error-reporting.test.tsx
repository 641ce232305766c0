import { Theme } from '@radix-ui/themes';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Companion } from '../../../../src-preload/contract/companion';
import type { RendererError } from '../../../../src-preload/contract/desktop';
import { rendererErrorSchema } from '../../../../src-preload/contract/desktop';

/** Just enough of a window for the reporter: events, the location and history (the unit tests run in Node). */
function fakeWindow(href: string) {
  const target = new EventTarget();
  const location = { href, hash: new URL(href).hash };
  const history = {
    replaceState: vi.fn((_state: unknown, _title: string, url: string) => ((location.href = url), undefined)),
  };
  return Object.assign(target, { location, history });
}

const sent: RendererError[] = [];
const companion = {
  desktop: { logError: vi.fn(async (report: RendererError) => (sent.push(report), { logged: true })) },
} as unknown as Companion;

beforeEach(() => {
  sent.length = 0;
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function load(href = 'app://renderer/index.html#/clients') {
  const win = fakeWindow(href);
  vi.stubGlobal('window', win);
  const reporting = await import('../../../../src-renderer/desktop/error-reporting');
  const notices = await import('../../../../src-renderer/stores/notice-store');
  return { win, reporting, notices };
}

describe('error reporting in the window', () => {
  it('forwards uncaught errors and unhandled rejections to main, within the contract caps', async () => {
    const { win, reporting } = await load();
    reporting.createErrorReporter(companion, () => undefined).install();
    const error = new TypeError('x is undefined');
    error.stack = `TypeError: x is undefined\n${'    at frame\n'.repeat(2_000)}`;
    win.dispatchEvent(Object.assign(new Event('error'), { error, message: error.message }));
    win.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'plain reason' }));
    expect(sent.map((r) => [r.source, r.message, r.route])).toEqual([
      ['error', 'TypeError: x is undefined', '#/clients'],
      ['unhandledrejection', 'plain reason', '#/clients'],
    ]);
    for (const report of sent) expect(rendererErrorSchema.safeParse(report).success).toBe(true);
    expect(sent[0]!.stack!.length).toBe(8_000);
  });

  it('sends at most 20 reports a minute', async () => {
    const { reporting } = await load();
    const reporter = reporting.createErrorReporter(companion, () => undefined);
    reporter.install();
    for (let i = 0; i < 50; i++) reporter.report('error', new Error(`loop ${i}`), 1_000 + i);
    expect(sent).toHaveLength(reporting.REPORTS_PER_MINUTE);
    reporter.report('error', new Error('a minute later'), 61_000);
    expect(sent.at(-1)!.message).toBe('Error: a minute later');
  });

  it('after main reloaded a crashed window, says so once and removes the flag from the address', async () => {
    const { win, reporting, notices } = await load('app://renderer/index.html?restarted=1');
    const store = notices.createNoticeStore();
    reporting.createErrorReporter(companion, (notice) => store.getState().push(notice)).install();
    expect(store.getState().notices.map((n) => n.title)).toEqual(['The window restarted after a problem']);
    expect(win.location.href).toBe('app://renderer/index.html');
  });
});

describe('the recovery screen', () => {
  it('says what happened in one sentence and offers Reload first, then Copy diagnostics', async () => {
    vi.stubGlobal('window', fakeWindow('app://renderer/index.html#/clients'));
    const { RecoveryScreen } = await import('../../../../src-renderer/app/ErrorBoundary');
    const html = renderToStaticMarkup(
      <Theme>
        <RecoveryScreen />
      </Theme>,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('This screen hit a problem');
    expect([...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]?.trim())).toEqual([
      'Reload',
      'Copy diagnostics',
    ]);
  });
});
