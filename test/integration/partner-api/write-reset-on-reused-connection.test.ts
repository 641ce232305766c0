import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOutboxExecutor } from '../../../src-main/outbox/outbox-executor';
import { createClientFactory } from '../../../src-main/practice-session/targets';
import { startResettingServer, type ResettingServer } from '../../support/resetting-keep-alive-server';

/*
 * Node's half of "nothing resent below the app": the app's write path as the preview and the tests build it
 * (the session's client factory over Node's fetch, no write fetch of its own) against a server that applies a
 * write and resets the reused keep-alive connection before answering. Node's fetch (undici) fails the request
 * instead of resending it, so the practice receives it once, and the outbox calls the outcome ambiguous: it
 * may have been applied, so only a read may settle it. Electron's half is test/e2e/chromium-resend.test.ts.
 */

let server: ResettingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('a write whose reused keep-alive connection is reset after the server read it (Node)', () => {
  it('reaches the practice exactly once and comes back ambiguous, not "not sent"', async () => {
    server = await startResettingServer({ resetPosts: 'every' });
    const api = createClientFactory({ fetch, apiClient: { sleep: async () => undefined } })(
      server.url,
      'client-id',
      'client-secret',
    );
    const executor = createOutboxExecutor({ targetFor: () => ({ api, canWrite: true }) });

    // A read first, so the write follows on the same, now proven, keep-alive connection.
    await api.request('GET', '/auth/validate', z.unknown());
    // undici checks an idle connection for a close from the server before reusing it; a moment later it is ready.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outcome = await executor.send({
      practiceKey: crypto.randomUUID(),
      entryId: crypto.randomUUID(),
      operation: 'lead.create',
      payload: { params: {}, body: { name: 'Reset', surname: 'Once' } },
    });
    // Time for a resend to arrive, were one made.
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(server.posts).toHaveLength(1);
    expect(server.posts[0]).toMatchObject({ connection: 1, requestOnConnection: 2, reset: true });
    expect(JSON.parse(server.posts[0]!.body)).toEqual({ name: 'Reset', surname: 'Once' });
    expect(outcome.kind).toBe('ambiguous');
  });
});
