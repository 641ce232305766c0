import { normaliseFingerprint } from '../security/hub-pins';
import { checkServerAddress } from '../security/server-address';

/**
 * What an enrolment code carries: the device id and token the hub created for this laptop, and, for a hub
 * with a self-signed certificate, that certificate's SHA-256 fingerprint, which the laptop pins.
 */
export interface DeviceCredential {
  id: string;
  token: string;
  fingerprint?: string;
}

const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * Reads the hub's enrolment code (`devices add` prints base64url of "id:token", or "id:token:fingerprint"
 * for a self-signed hub); null for anything else, so a mistyped code is said to be one rather than sent to
 * the hub as garbage credentials.
 */
export function readEnrolmentCode(code: string): DeviceCredential | null {
  const trimmed = code.trim();
  if (!/^[A-Za-z0-9_-]+$/.test(trimmed)) return null;
  const [id, token, pinned, ...rest] = Buffer.from(trimmed, 'base64url').toString('utf8').split(':');
  if (rest.length > 0 || !id || !token || !DEVICE_ID.test(id) || !TOKEN.test(token)) return null;
  if (pinned === undefined) return { id: id.toLowerCase(), token };
  const fingerprint = normaliseFingerprint(pinned);
  return fingerprint ? { id: id.toLowerCase(), token, fingerprint } : null;
}

export const pinnedHubNeedsHttpsText =
  'This enrolment code is for a hub with its own certificate: its address starts with https://. Check the address the hub’s administrator gave you.';

export const badEnrolmentCodeText =
  'This is not an enrolment code of the practice hub. Copy the whole code the hub’s administrator gave you (from "devices add").';

/**
 * The hub's address, normalised, or the sentence that refuses it: the one address rule, so https to any
 * host (a certificate the system trusts, or the self-signed one whose fingerprint the enrolment code pins),
 * or plain http only to this laptop.
 */
export function checkHubAddress(raw: string): { ok: true; address: string } | { ok: false; message: string } {
  const checked = checkServerAddress(raw.trim());
  if (checked.ok) return checked;
  return {
    ok: false,
    message: `The practice hub's address ${checked.problem}. Plain http is used only for a hub on this laptop (http://127.0.0.1:…); any other hub needs https://.`,
  };
}

export const hubRejectedCodeText =
  'The practice hub did not accept this enrolment code: it may have been revoked, or belong to another hub. Ask the hub’s administrator for a new one.';
