import { setGlobalProxyFromEnv } from 'node:http';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';

/** Loopback is never sent through the practice's proxy: the hub's own administration socket is there. */
const ALWAYS_DIRECT = ['localhost', '127.0.0.1', '::1'];

export interface OutboundNetwork {
  /** The proxy the hub's https calls go through, as a safe-to-print origin (no user or password); null: direct. */
  proxy: string | null;
  systemCa: boolean;
}

/**
 * The hub's own calls (the Partner API, webhook subscriptions) through the practice's network: HTTPS_PROXY /
 * HTTP_PROXY with NO_PROXY for Node's fetch and its http(s) agents, and the operating system's certificate
 * store when asked for, beside Node's bundled authorities and NODE_EXTRA_CA_CERTS (which Node reads itself).
 * Why in code rather than `node --use-env-proxy --use-system-ca`: `node out/hub/cli.js` behaves the same
 * however it is started (a unit, an image, a shell), and the hub can say which proxy it took.
 */
export function useOutboundNetwork(env: NodeJS.ProcessEnv, options: { systemCa: boolean }): OutboundNetwork {
  if (options.systemCa) setDefaultCACertificates([...getCACertificates('default'), ...getCACertificates('system')]);
  const noProxy = [env.NO_PROXY ?? env.no_proxy, ...ALWAYS_DIRECT].filter(Boolean).join(',');
  const proxyEnv = { ...env, NO_PROXY: noProxy, no_proxy: noProxy };
  const proxy = env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy || null;
  if (proxy && !URL.canParse(proxy))
    throw new Error('HTTPS_PROXY / HTTP_PROXY is not an address (http://proxy.example:3128): the hub did not start.');
  setGlobalProxyFromEnv(proxyEnv);
  return { proxy: proxy ? new URL(proxy).origin : null, systemCa: options.systemCa };
}
