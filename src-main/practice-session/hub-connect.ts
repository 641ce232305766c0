import { checkServerAddress } from '../security/server-address';

/** What an enrolment code carries: the device id and token the hub created for this laptop. */
export interface DeviceCredential {
  id: string;
  token: string;
}

const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * Reads the hub's enrolment code (`devices add` prints base64url of "id:token"); null for anything else,
 * so a mistyped code is said to be one rather than sent to the hub as garbage credentials.
 */
export function readEnrolmentCode(code: string): DeviceCredential | null {
  const trimmed = code.trim();
  if (!/^[A-Za-z0-9_-]+$/.test(trimmed)) return null;
  const [id, token, ...rest] = Buffer.from(trimmed, 'base64url').toString('utf8').split(':');
  if (rest.length > 0 || !id || !token || !DEVICE_ID.test(id) || !TOKEN.test(token)) return null;
  return { id: id.toLowerCase(), token };
}

export const badEnrolmentCodeText =
  'This is not an enrolment code of the practice hub. Copy the whole code the hub’s administrator gave you (from "devices add").';

/**
 * The hub's address, normalised, or the sentence that refuses it: the one address rule, so https (a
 * certificate the system trusts), or plain http only to this laptop. A self-signed hub whose fingerprint
 * the enrolment code pins is not built yet.
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
