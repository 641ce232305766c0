import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { TLS_DIR } from '../http/hub-tls';
import { parseSecrets, SECRETS_FILE } from '../secrets-file';

/**
 * The files of the data folder a backup carries: the secrets file (the Partner API credentials, the webhook
 * subscriptions' secrets) and the self-signed certificate with its key, whose fingerprint every enrolment code
 * handed out pins. The rest is the running hub's own and made again at its start (the lock, the administration
 * address, the served certificate's copy, the test deliveries seen); a certificate given with --cert/--key lives
 * where its administrator keeps it.
 */
export interface DataFile {
  path: string;
  mode: number;
  bytes: Buffer;
}

const TLS_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const pathSchema = z
  .string()
  .refine(
    (path) =>
      path === SECRETS_FILE ||
      (path.startsWith(`${TLS_DIR}/`) && TLS_NAME.test(path.slice(TLS_DIR.length + 1)) && !path.endsWith('.tmp')),
    'a file of the data folder a backup carries',
  );

export const fileLineSchema = z.strictObject({
  file: z.strictObject({ path: pathSchema, mode: z.number().int().min(0).max(0o777), base64: z.base64() }),
});

export const fileLine = (file: DataFile): string =>
  JSON.stringify({ file: { path: file.path, mode: file.mode, base64: file.bytes.toString('base64') } });

export function fromFileLine(line: z.infer<typeof fileLineSchema>): DataFile {
  const file = { path: line.file.path, mode: line.file.mode, bytes: Buffer.from(line.file.base64, 'base64') };
  // The secrets file must be one the hub reads, or the restored hub would not start.
  if (file.path === SECRETS_FILE) parseSecrets(file.bytes.toString('utf8'));
  return file;
}

const regular = (path: string): boolean => existsSync(path) && lstatSync(path).isFile();

/** The files to carry, as they are now (a file half written by a crash, `*.tmp`, is not one of them). */
export function readDataFiles(dataDir: string): DataFile[] {
  const files: DataFile[] = [];
  const take = (path: string) => {
    const full = join(dataDir, path);
    if (regular(full)) files.push({ path, mode: lstatSync(full).mode & 0o777, bytes: readFileSync(full) });
  };
  take(SECRETS_FILE);
  const tls = join(dataDir, TLS_DIR);
  if (existsSync(tls) && lstatSync(tls).isDirectory())
    for (const name of readdirSync(tls).sort())
      if (pathSchema.safeParse(`${TLS_DIR}/${name}`).success) take(`${TLS_DIR}/${name}`);
  return files;
}

/** The files a restore would overwrite with other content: a restore writes only where nothing else is. */
export function conflictingDataFiles(dataDir: string, files: readonly DataFile[]): string[] {
  return files
    .filter((file) => {
      const full = join(dataDir, file.path);
      return existsSync(full) && !(regular(full) && readFileSync(full).equals(file.bytes));
    })
    .map((file) => file.path);
}

/**
 * Writes each file through a temporary one renamed into place, private to this user: the secrets and keys 0600
 * whatever the backup says, nothing wider than 0644, the certificate folder 0700.
 */
export function writeDataFiles(dataDir: string, files: readonly DataFile[]): void {
  for (const file of files) {
    const full = join(dataDir, file.path);
    if (file.path.startsWith(`${TLS_DIR}/`)) mkdirSync(join(dataDir, TLS_DIR), { recursive: true, mode: 0o700 });
    const mode = file.path === SECRETS_FILE ? 0o600 : file.mode & 0o644;
    const temporary = `${full}.${process.pid}.tmp`;
    writeFileSync(temporary, file.bytes, { mode });
    chmodSync(temporary, mode);
    renameSync(temporary, full);
  }
}
