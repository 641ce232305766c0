import type { Companion } from '../../src-preload/contract/companion';
import type { RendererError } from '../../src-preload/contract/desktop';
import { failureDiagnostics } from '../ui/words/describe-failure';
import type { Notice } from '../stores/notice-store';

/** A window in an error loop must not flood main: at most this many reports a minute leave the window. */
export const REPORTS_PER_MINUTE = 20;
/** The query flag main adds when it reloaded the window after its renderer crashed (src-main/logging/crash-policy.ts). */
const RESTARTED_PARAM = 'restarted';

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The reporter keeps the failure's own text: it goes to main's log (redacted there), never to the screen. */
const describe = (error: unknown): { message: string; stack: string | null } => ({
  message: failureDiagnostics(error),
  stack: error instanceof Error ? (error.stack ?? null) : null,
});

export interface ErrorReporter {
  /**
   * Sends an error to main's log (redacted there). Throttled and never throws: reporting must not
   * become a second error. Contract caps are applied here so an oversized stack is cut, not refused.
   */
  report(source: RendererError['source'], error: unknown, now?: number): void;
  /**
   * Forwards the window's uncaught errors and unhandled rejections to main's log, and tells the user when
   * main reloaded the window after a crash. Called once at start-up (the composition root).
   */
  install(): void;
}

export function createErrorReporter(
  companion: Companion | null,
  notify: (notice: Omit<Notice, 'id'>) => void,
): ErrorReporter {
  let windowStart = 0;
  let sentInWindow = 0;
  const report: ErrorReporter['report'] = (source, error, now = Date.now()) => {
    if (!companion) return;
    if (now - windowStart >= 60_000) [windowStart, sentInWindow] = [now, 0];
    if (++sentInWindow > REPORTS_PER_MINUTE) return;
    const { message, stack } = describe(error);
    const rendererError: RendererError = {
      source,
      message: clip(message || 'Unknown error', 2_000),
      stack: stack === null ? null : clip(stack, 8_000),
      route: clip(window.location.hash || '#/', 500),
    };
    void companion.desktop.logError(rendererError).catch(() => undefined); // A failed report has nowhere better to go.
  };
  return {
    report,
    install() {
      window.addEventListener('error', (event) => report('error', event.error ?? event.message));
      window.addEventListener('unhandledrejection', (event) => report('unhandledrejection', event.reason));
      const url = new URL(window.location.href);
      if (url.searchParams.has(RESTARTED_PARAM)) {
        url.searchParams.delete(RESTARTED_PARAM);
        window.history.replaceState(null, '', url.href);
        notify({
          tone: 'info',
          title: 'The window restarted after a problem',
          detail:
            'Its display process stopped unexpectedly and was started again. Your data and queued actions are kept.',
        });
      }
    },
  };
}
