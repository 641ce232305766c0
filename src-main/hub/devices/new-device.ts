import { servedTls } from '../http/hub-tls';
import { enrolmentCode, type DeviceCredential } from './devices';

/** What `devices add` prints, once: the device's id and name, its enrolment code and the certificate's fingerprint. */
export interface NewDevice {
  id: string;
  name: string;
  enrolmentCode: string;
  fingerprint: string | null;
}

/**
 * The new device as the administrator sees it. The certificate is the one the hub last served from this
 * folder: its fingerprint, pinned by the code when it is self-signed. The token is in the code only: the
 * hub keeps its hash.
 */
export function describeNewDevice(dataDir: string, name: string, credential: DeviceCredential): NewDevice {
  const tls = servedTls(dataDir);
  return {
    id: credential.id,
    name,
    enrolmentCode: enrolmentCode(credential, tls?.pinned ? tls.fingerprint : null),
    fingerprint: tls?.fingerprint ?? null,
  };
}
