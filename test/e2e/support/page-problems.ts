import type { Page } from 'playwright-core';

/**
 * Collects what must never happen on a page: uncaught errors, console errors, and CSP violations (a
 * violation the app swallows, like a caught `new Function` probe, is reported only through the
 * `securitypolicyviolation` event, so it is turned into a console error here). Call before `goto`.
 */
export async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber} on ${location.hash}`,
      );
    });
  });
  return problems;
}

/** Chromium logs a failed request while main's network is cut; that is the scenario, not a fault. */
export const realProblems = (problems: readonly string[]) => problems.filter((p) => !/Failed to load resource/.test(p));
