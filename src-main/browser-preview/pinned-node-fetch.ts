import type { TLSSocket } from 'node:tls';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { fingerprintOfDer, hubCertificateMismatch, type HubPins } from '../security/hub-pins';

/**
 * Node's transport for main in the browser preview and the tests (the packaged app uses Electron's check,
 * src-main/electron/hub-certificates.ts): a request to a pinned hub goes through an undici connection
 * whose handshake accepts exactly the pinned certificate, whatever signed it, and nothing else; every
 * other request goes through `fallback` (Node's fetch, which trusts the system's authorities).
 *
 * The certificate is checked when the handshake completes, before undici writes a byte of the request,
 * and TLS sessions are not resumed, so every connection shows its certificate again.
 */
export function createPinnedNodeFetch(pins: HubPins, fallback: typeof globalThis.fetch): typeof globalThis.fetch {
  const agents = new Map<string, Agent>();

  function agentFor(fingerprint: string): Agent {
    let agent = agents.get(fingerprint);
    if (agent) return agent;
    // Authority checks are off because the pin replaces them: the fingerprint is compared instead.
    const connect = buildConnector({ rejectUnauthorized: false, maxCachedSessions: 0 });
    agent = new Agent({
      connect: (options, callback) =>
        connect(options, (error, socket) => {
          if (error || !socket) return callback(error ?? new Error('No connection.'), null);
          const der = (socket as TLSSocket).getPeerCertificate?.()?.raw;
          if (der && fingerprintOfDer(der) === fingerprint) return callback(null, socket);
          socket.destroy();
          return callback(hubCertificateMismatch(options.hostname), null);
        }),
    });
    agents.set(fingerprint, agent);
    return agent;
  }

  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const fingerprint = pins.pinFor(url);
    if (!fingerprint) return fallback(input, init);
    // undici's own fetch with its own Agent (Node's bundled fetch may be another undici); a Request is
    // passed on as its URL and parts.
    const parts: RequestInit =
      input instanceof Request
        ? { method: input.method, headers: input.headers, signal: input.signal, redirect: input.redirect, ...init }
        : { ...init };
    return (await undiciFetch(url, {
      ...(parts as Parameters<typeof undiciFetch>[1]),
      dispatcher: agentFor(fingerprint),
    })) as unknown as Response;
  }) as typeof globalThis.fetch;
}
