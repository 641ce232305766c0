/**
 * A fetch with a connection pool of its own, and a way to close every connection in it (Electron: a
 * dedicated session's `fetch` and `closeAllConnections`, see src-main/electron/write-session.ts).
 */
export interface OwnConnectionPool {
  fetch: typeof globalThis.fetch;
  /** Closes every connection of the pool, failing any request still on one. */
  closeAllConnections(): Promise<void>;
}

/** Statuses whose answers have no body by definition (a Response with one of them cannot be given a body). */
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch that sends every request on a connection opened for it alone.
 *
 * Why: Chromium's network stack (under Electron's net.fetch) resends, by itself and whatever the method,
 * a request whose *reused* keep-alive connection is reset or closed before the answer's headers
 * (net/http/http_network_transaction.cc, HttpNetworkTransaction::HandleIOError → ShouldResendRequest, which
 * resends when the stream's connection was reused — HttpBasicState::IsConnectionReused — and no headers came).
 * A write the server applied just before the reset would then reach the practice twice before the app saw
 * anything. On a fresh connection Chromium does not resend: the failure reaches the app, which can call it
 * ambiguous and settle it with a read.
 *
 * How: every connection of the pool is closed before each request, so the request needs a new one. Closing
 * fails whatever is still in flight in the pool, so requests take turns: the next one starts only when the
 * previous answer's body has been read to its end, cancelled, or its request aborted (the client always
 * passes a signal with a timeout, so a turn cannot be held forever).
 */
export function createFreshConnectionFetch(pool: OwnConnectionPool): typeof globalThis.fetch {
  let previousTurn: Promise<void> = Promise.resolve();

  return async (input, init) => {
    let endTurn!: () => void;
    const turnEnded = new Promise<void>((resolve) => (endTurn = resolve));
    const myTurn = previousTurn;
    previousTurn = previousTurn.then(() => turnEnded);
    await myTurn;

    init?.signal?.addEventListener('abort', endTurn, { once: true });
    try {
      await pool.closeAllConnections();
      const response = await pool.fetch(input, init);
      return endingTurnWhenRead(response, endTurn);
    } catch (error) {
      endTurn();
      throw error;
    }
  };
}

/** The same answer, with `endTurn` called once its body is read to the end, fails, or is cancelled. */
function endingTurnWhenRead(response: Response, endTurn: () => void): Response {
  // Nothing more will arrive on the connection: no body, or a redirect (refused unread by the client).
  if (!response.body || response.type === 'opaqueredirect' || NULL_BODY_STATUS.has(response.status)) {
    endTurn();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) {
          endTurn();
          controller.close();
        } else controller.enqueue(chunk.value);
      } catch (error) {
        endTurn();
        controller.error(error);
      }
    },
    async cancel(reason) {
      endTurn();
      await reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
