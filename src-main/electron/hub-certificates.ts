import { X509Certificate } from 'node:crypto';
import type { Session } from 'electron';
import { fingerprintOfDer, hubCertificateMismatch, type HubPins } from '../security/hub-pins';

/** Chromium's answers to a certificate verify proc: accept, refuse (ERR_CERT_AUTHORITY_INVALID), or its own verdict. */
const ACCEPT = 0;
const REFUSE = -202;
const CHROMIUM_DECIDES = -3;

/**
 * Electron's side of hub pinning: the session's certificate check accepts exactly the pinned certificate
 * for a pinned hub's host (whatever signed it, since the pin replaces the authorities) and refuses any
 * other there; every other host keeps Chromium's own verification. The refused hosts are remembered so
 * the fetch below can say why its request failed (Chromium reports only ERR_CERT_AUTHORITY_INVALID).
 */
export function createHubCertificateCheck(pins: HubPins) {
  const refused = new Set<string>();
  const verify: Parameters<Session['setCertificateVerifyProc']>[0] & object = (request, callback) => {
    const pinned = pins.pinsOfHost(request.hostname);
    if (pinned.length === 0) return callback(CHROMIUM_DECIDES);
    let fingerprint = '';
    try {
      fingerprint = fingerprintOfDer(new X509Certificate(request.certificate.data).raw);
    } catch {
      // A certificate that cannot be read matches no pin.
    }
    if (pinned.includes(fingerprint)) {
      refused.delete(request.hostname.toLowerCase());
      return callback(ACCEPT);
    }
    refused.add(request.hostname.toLowerCase());
    return callback(REFUSE);
  };
  const sessions: Pick<Session, 'setCertificateVerifyProc'>[] = [];
  // Chromium caches each verdict; Electron clears that cache whenever a proc is set (Session::SetCertVerifyProc
  // calls OnCertDBChanged), so a pin that changes (a new enrolment code) is not met by an old verdict.
  pins.onChange(() => sessions.forEach((session) => session.setCertificateVerifyProc(verify))); // eng-disable CERTIFICATE_VERIFY_PROC_JS_CHECK
  return {
    /** Every session main sends through gets the check (the default one and the write session). */
    install(session: Pick<Session, 'setCertificateVerifyProc'>): void {
      sessions.push(session);
      session.setCertificateVerifyProc(verify); // eng-disable CERTIFICATE_VERIFY_PROC_JS_CHECK
    },
    refusedRecently: (host: string): boolean => refused.has(host.replace(/^\[(.*)\]$/, '$1').toLowerCase()),
  };
}

/** Electron's fetch for main: a failure on a pinned hub whose certificate was refused is said as that. */
export function sayingRefusedHubCertificates(
  fetch: typeof globalThis.fetch,
  pins: HubPins,
  check: { refusedRecently(host: string): boolean },
): typeof globalThis.fetch {
  return async (input, init) => {
    try {
      return await fetch(input, init);
    } catch (error) {
      const url = input instanceof Request ? input.url : String(input);
      if (pins.pinFor(url) && check.refusedRecently(new URL(url).hostname))
        throw Object.assign(hubCertificateMismatch(new URL(url).hostname), { cause: error });
      throw error;
    }
  };
}
