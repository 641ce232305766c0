/**
 * Electron's `net.fetch` does not fail the way Node's fetch does: it rejects with a plain Error whose
 * message is Chromium's net error name (`net::ERR_CONNECTION_RESET`), with no `cause.code`. Main runs on
 * Electron, so its error handling must read that shape too; this wrapper makes Node's fetch fail that
 * way, so tests over real HTTP can check both.
 */
export type ElectronNetError =
  | 'net::ERR_CONNECTION_RESET'
  | 'net::ERR_CONNECTION_REFUSED'
  | 'net::ERR_ADDRESS_UNREACHABLE'
  | 'net::ERR_NAME_NOT_RESOLVED'
  | 'net::ERR_INTERNET_DISCONNECTED'
  | 'net::ERR_ADDRESS_UNREACHABLE'
  | 'net::ERR_TIMED_OUT'
  | 'net::ERR_EMPTY_RESPONSE'
  | 'net::ERR_CONTENT_LENGTH_MISMATCH'
  | 'net::ERR_FAILED';

const codeOf = (error: unknown): string => {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : '';
};
const textOf = (error: unknown): string => {
  const cause = (error as { cause?: { message?: unknown } } | null)?.cause;
  return `${error instanceof Error ? error.message : String(error)} ${typeof cause?.message === 'string' ? cause.message : ''}`;
};

/** The Chromium error name that fits a failure of Node's fetch (undici). */
export function electronNameOf(error: unknown): ElectronNetError {
  const code = codeOf(error);
  const text = textOf(error);
  // The preview's network switch and an unplugged cable: Chromium knows the machine is offline.
  if (/offline|disconnected/i.test(text)) return 'net::ERR_INTERNET_DISCONNECTED';
  if (code === 'ECONNREFUSED') return 'net::ERR_CONNECTION_REFUSED';
  // Chromium's names for the host, or the whole network, out of reach (a route gone, a VPN dropped).
  if (code === 'EHOSTUNREACH') return 'net::ERR_ADDRESS_UNREACHABLE';
  if (code === 'ENETUNREACH') return 'net::ERR_INTERNET_DISCONNECTED';
  // Chromium's MapSystemError, whatever the socket call (connect or read): the phase is lost.
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EHOSTDOWN') return 'net::ERR_ADDRESS_UNREACHABLE';
  if (code === 'ENETDOWN') return 'net::ERR_INTERNET_DISCONNECTED';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'net::ERR_NAME_NOT_RESOLVED';
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT')
    return 'net::ERR_TIMED_OUT';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'net::ERR_CONNECTION_RESET';
  // The server closed the socket after the request went out, before any byte of an answer.
  if (code === 'UND_ERR_SOCKET') return 'net::ERR_EMPTY_RESPONSE';
  return 'net::ERR_FAILED';
}

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');

/** The body as a stream whose failure, if any, is Chromium's (a body cut off mid-way). */
function electronShapedBody(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal | null | undefined,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        // A socket reset while reading is Chromium's connection reset; any other cut a body shorter than announced.
        const name = codeOf(error) === 'ECONNRESET' ? 'net::ERR_CONNECTION_RESET' : 'net::ERR_CONTENT_LENGTH_MISMATCH';
        controller.error(isAbort(error) || signal?.aborted ? error : new Error(name));
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * fetch that fails like Electron's net.fetch while `enabled()` says so: the request's failure, and a
 * body cut off mid-way (`net::ERR_CONTENT_LENGTH_MISMATCH` while it is read). Aborts (the caller's own
 * timeout) are passed through unchanged.
 */
export function electronShapedFetch(
  base: typeof globalThis.fetch,
  enabled: () => boolean = () => true,
): typeof globalThis.fetch {
  return async (input, init) => {
    if (!enabled()) return base(input, init);
    let response: Response;
    try {
      response = await base(input, init);
    } catch (error) {
      if (isAbort(error) || init?.signal?.aborted) throw error;
      throw new Error(electronNameOf(error));
    }
    if (!response.body) return response;
    return new Response(electronShapedBody(response.body, init?.signal), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
