import { createHash } from 'node:crypto';
import { failureWords } from '../../src-preload/contract/failure-words';

/**
 * A self-signed practice hub is trusted by one thing only: the SHA-256 fingerprint of its certificate,
 * which the enrolment code carries. Main keeps the pins here; the host's transport (Electron's certificate
 * check, or the Node transport of the preview and the tests) asks it before accepting a certificate, so
 * every request to that host — sync, reads, the live stream — accepts exactly that certificate and nothing
 * else. A host with no pin is verified the ordinary way (the system's trusted authorities).
 */

/** 64 upper-case hex digits: the one spelling of a fingerprint kept, compared and carried in codes. */
const FINGERPRINT = /^[0-9A-F]{64}$/;

/** Error code carried by a refused pinned certificate, so the API client can say it in its own sentence. */
export const HUB_CERTIFICATE_MISMATCH = 'HUB_CERTIFICATE_MISMATCH';

export const hubCertificateMismatchText = failureWords.hubCertificateMismatch;

/** Reads a fingerprint written as hex, with or without colons, any case; null for anything else. */
export function normaliseFingerprint(raw: string): string | null {
  const hex = raw.trim().replace(/:/g, '').toUpperCase();
  return FINGERPRINT.test(hex) ? hex : null;
}

/** The fingerprint of a certificate's DER bytes (what `fingerprint256` and `openssl x509 -fingerprint -sha256` show). */
export const fingerprintOfDer = (der: Uint8Array): string =>
  createHash('sha256').update(der).digest('hex').toUpperCase();

/** The error a transport fails with when the hub shows another certificate (the request never left). */
export function hubCertificateMismatch(hostname: string): Error {
  return Object.assign(new Error(`${hostname}: ${hubCertificateMismatchText}`), { code: HUB_CERTIFICATE_MISMATCH });
}

/** A URL's host as both transports see it: lower case, without IPv6 brackets. */
const hostOf = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

function originOf(url: string): { host: string; origin: string } | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') return null;
    return { host: hostOf(parsed.hostname), origin: `${hostOf(parsed.hostname)}:${parsed.port || '443'}` };
  } catch {
    return null;
  }
}

export function createHubPins() {
  /** host:port → fingerprint. */
  const pins = new Map<string, string>();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    /** From now on `baseUrl`'s host and port accept only this certificate; no-op for an http address. */
    pin(baseUrl: string, fingerprint: string): void {
      const where = originOf(baseUrl);
      const normal = normaliseFingerprint(fingerprint);
      if (!where || !normal) throw new Error('A hub certificate pin needs an https address and a SHA-256 fingerprint.');
      if (pins.get(where.origin) === normal) return;
      pins.set(where.origin, normal);
      changed();
    },
    unpin(baseUrl: string): void {
      const where = originOf(baseUrl);
      if (where && pins.delete(where.origin)) changed();
    },
    /** The pin for a request's URL (its host and port), or null when it is verified the ordinary way. */
    pinFor(url: string): string | null {
      const where = originOf(url);
      return (where && pins.get(where.origin)) ?? null;
    },
    /**
     * The pins of a host, whatever the port: Electron's certificate check is told the host only, so a
     * certificate there is accepted when it is one of them and refused otherwise.
     */
    /** Called after every change (Electron's check is set again then, which clears Chromium's cached verdicts). */
    onChange(listener: () => void): void {
      listeners.add(listener);
    },
    pinsOfHost(hostname: string): string[] {
      const host = hostOf(hostname);
      return [...pins].filter(([origin]) => origin.slice(0, origin.lastIndexOf(':')) === host).map(([, fp]) => fp);
    },
  };
}
export type HubPins = ReturnType<typeof createHubPins>;
