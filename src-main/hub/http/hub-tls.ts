import { X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { normaliseFingerprint } from '../../security/hub-pins';

/** The certificate the hub serves with, and what a laptop must know of it. */
export interface HubTls {
  cert: string;
  key: string;
  /** SHA-256 of the certificate, 64 hex digits: printed, and carried by enrolment codes when `pinned`. */
  fingerprint: string;
  /** Self-signed: no authority vouches for it, so laptops pin its fingerprint (the enrolment code carries it). */
  pinned: boolean;
}

export type HubTlsChoice =
  { kind: 'files'; certFile: string; keyFile: string } | { kind: 'self-signed' } | { kind: 'none' };

/** Where the self-signed certificate lives once generated, and the record of the certificate the hub serves. */
export const TLS_DIR = 'tls';
const SELF_SIGNED_CERT = 'self-signed-cert.pem';
const SELF_SIGNED_KEY = 'self-signed-key.pem';
/** The public certificate the running hub serves, so `devices add` can put its fingerprint in the code. */
const SERVED_CERT = 'served-cert.pem';

function describe(cert: string, key: string): HubTls {
  const x509 = new X509Certificate(cert);
  const fingerprint = normaliseFingerprint(x509.fingerprint256);
  if (!fingerprint) throw new Error('The certificate has no SHA-256 fingerprint.');
  // Self-issued and verified by its own key: nothing a laptop trusts signed it.
  const pinned = x509.checkIssued(x509) && x509.verify(x509.publicKey);
  return { cert, key, fingerprint, pinned };
}

function writePrivate(path: string, text: string, mode: number): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode });
  chmodSync(temporary, mode);
  renameSync(temporary, path);
}

/**
 * Generated once into the data folder (the key 0600), then reused at every start, so the fingerprint the
 * enrolment codes carry stays valid. Valid ten years, for the host the hub listens on and this machine.
 */
async function selfSigned(dataDir: string, host: string): Promise<HubTls> {
  const dir = join(dataDir, TLS_DIR);
  const certPath = join(dir, SELF_SIGNED_CERT);
  const keyPath = join(dir, SELF_SIGNED_KEY);
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const names = [...new Set([host, 'localhost', '127.0.0.1'])].filter((name) => name !== '0.0.0.0' && name !== '::');
    const now = new Date();
    const made = await generate([{ name: 'commonName', value: 'Practice hub' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notBeforeDate: new Date(now.getTime() - 60_000),
      notAfterDate: new Date(now.getTime() + 10 * 365 * 24 * 3_600_000),
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: names.map((name) =>
            isIP(name) ? { type: 7 as const, ip: name } : { type: 2 as const, value: name },
          ),
        },
      ],
    });
    // The key first: a certificate without its key would be reused with none.
    writePrivate(keyPath, made.private, 0o600);
    writePrivate(certPath, made.cert, 0o644);
  }
  return describe(readFileSync(certPath, 'utf8'), readFileSync(keyPath, 'utf8'));
}

/**
 * The certificate for this start: the administrator's files, or the self-signed one, or none (plain http,
 * loopback only). The served certificate is recorded in the data folder for `devices add`.
 */
export async function loadHubTls(dataDir: string, host: string, choice: HubTlsChoice): Promise<HubTls | null> {
  const tls =
    choice.kind === 'files'
      ? describe(readFileSync(choice.certFile, 'utf8'), readFileSync(choice.keyFile, 'utf8'))
      : choice.kind === 'self-signed'
        ? await selfSigned(dataDir, host)
        : null;
  const served = join(dataDir, SERVED_CERT);
  if (tls) writePrivate(served, tls.cert, 0o644);
  else rmSync(served, { force: true });
  return tls;
}

/** The certificate the hub last served from this data folder (null: plain http), as a laptop must know it. */
export function servedTls(dataDir: string): Pick<HubTls, 'fingerprint' | 'pinned'> | null {
  const served = join(dataDir, SERVED_CERT);
  if (!existsSync(served)) return null;
  const { fingerprint, pinned } = describe(readFileSync(served, 'utf8'), '');
  return { fingerprint, pinned };
}
