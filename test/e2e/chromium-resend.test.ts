import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startResettingServer, type ResettingServer } from '../support/resetting-keep-alive-server';
import { waitFor } from '../support/wait-for';
import { launchChromium } from './support/chromium';

/*
 * What Chromium's network stack (the one under Electron's net.fetch) does with a POST whose connection is
 * reset after the server has read it whole. It resends it by itself when the connection was a reused
 * keep-alive one (net/http/http_network_transaction.cc: HandleIOError → ShouldResendRequest), whatever the
 * method, and not when the connection was fresh — also when every connection was closed just before it, which is
 * how the app's writes go out (src-main/partner-api/fresh-connection-fetch.ts, src-main/electron/write-session.ts).
 * This test guards that reasoning in a real Chromium.
 */

let browser: Browser;
let server: ResettingServer | undefined;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchChromium();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  await server?.close();
  server = undefined;
});
afterAll(async () => {
  await browser?.close();
});

/** Runs in the page: a POST with a body, reporting its status or the error it rejected with. */
const postFromPage = (p: Page) =>
  p.evaluate(async () => {
    try {
      const response = await fetch('/write', { method: 'POST', body: 'one-entry' });
      return { status: response.status, error: null };
    } catch (error) {
      return { status: null, error: String(error) };
    }
  });

describe("Chromium's resend of a request on a reused connection", () => {
  it('sends a POST twice when its reused keep-alive connection is reset after the server read it', async () => {
    server = await startResettingServer({ resetPosts: 'first' });
    context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url);
    // A read first, on the same keep-alive connection, so the POST goes out on a proven (reused) connection.
    await page.evaluate(async () => (await fetch('/ping')).json());

    const outcome = await postFromPage(page);

    // The server received the write twice; the page only ever saw the second answer, as if all went well once.
    expect(server.posts.map((post) => post.body)).toEqual(['one-entry', 'one-entry']);
    expect(server.posts[0]).toMatchObject({ reset: true });
    expect(server.posts[0]!.requestOnConnection).toBeGreaterThan(1);
    expect(server.posts[1]).toMatchObject({ reset: false, requestOnConnection: 1 });
    expect(outcome).toEqual({ status: 201, error: null });
  });

  it('sends a POST once when it is the first request of a fresh connection, and fails instead of resending', async () => {
    // Reads close their connections, so no idle connection is left for the POST to reuse.
    server = await startResettingServer({ resetPosts: 'every', closeAfterReads: true });
    context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url);
    await page.evaluate(async () => (await fetch('/ping')).json());

    const outcome = await postFromPage(page);

    expect(server.posts).toEqual([
      { body: 'one-entry', connection: expect.any(Number), requestOnConnection: 1, reset: true },
    ]);
    expect(outcome.status).toBeNull();
    expect(outcome.error).toMatch(/TypeError/);
  });

  it('sends a POST once when every connection was closed just before it, as the write session does before each write', async () => {
    server = await startResettingServer({ resetPosts: 'first' });
    context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url);
    await page.evaluate(async () => (await fetch('/ping')).json());
    expect(server.openConnections()).toBeGreaterThan(0); // an idle keep-alive connection the POST would reuse

    // net-internals' "Flush socket pools" calls NetworkContext::CloseAllConnections on this profile's network
    // context: the very call Electron's session.closeAllConnections() makes for its session.
    const netInternals = await context.newPage();
    await netInternals.goto('chrome://net-internals/#sockets');
    await netInternals.click('#sockets-view-flush-button');
    await waitFor(
      'every connection closed',
      () => server!.openConnections(),
      (open) => open === 0,
    );

    const outcome = await postFromPage(page);

    expect(server.posts).toEqual([
      { body: 'one-entry', connection: expect.any(Number), requestOnConnection: 1, reset: true },
    ]);
    expect(outcome.status).toBeNull();
  });
});
