import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { normaliseFingerprint } from '../../security/hub-pins';
import { servedTls } from '../http/hub-tls';
import { READY_PATH } from '../watch/watch-routes';

export interface HealthTarget {
  /** Where the hub listens (HUB_HOST); a wildcard is asked on this machine's loopback. */
  host: string;
  port: number;
  dataDir: string;
  timeoutMs?: number;
}

export interface HealthAnswer {
  ready: boolean;
  /** What the hub said (`/readyz`'s JSON), or why it could not be asked. */
  said: string;
}

/** The address this machine asks: a hub listening on every address answers on loopback. */
function askedHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '::1';
  return host;
}

/**
 * `hub health`: asks the running hub's `/readyz` the way a container's HEALTHCHECK or a monitoring agent on the
 * same machine would. Over HTTPS the certificate is not checked against a name (the hub is asked by its loopback
 * address, which an office certificate does not carry) but pinned to the one this data folder records the hub
 * serving: another program on the port is never taken for the hub.
 */
export function askHubHealth(target: HealthTarget): Promise<HealthAnswer> {
  const served = servedTls(target.dataDir);
  const host = askedHost(target.host);
  const options = {
    host,
    port: target.port,
    path: READY_PATH,
    method: 'GET',
    timeout: target.timeoutMs ?? 5_000,
    headers: { accept: 'application/json' },
  };
  return new Promise<HealthAnswer>((resolve) => {
    const notAsked = (why: string) => resolve({ ready: false, said: why });
    const request = served ? httpsRequest({ ...options, rejectUnauthorized: false }) : httpRequest(options);
    request.on('response', (response) => {
      if (served) {
        const shown = normaliseFingerprint(
          (response.socket as TLSSocket).getPeerX509Certificate()?.fingerprint256 ?? '',
        );
        if (shown !== served.fingerprint) {
          response.destroy();
          notAsked(`Something else answers on ${host}:${target.port}: its certificate is not the hub's.`);
          return;
        }
      }
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body = (body + chunk).slice(0, 64 * 1024)));
      response.on('end', () => resolve({ ready: response.statusCode === 200, said: body.trim() }));
      response.on('error', (error) => notAsked(`The hub's answer was cut off: ${error.message}`));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeout} ms`)));
    request.on('error', (error) => notAsked(`The hub on ${host}:${target.port} could not be asked: ${error.message}`));
    request.end();
  });
}
