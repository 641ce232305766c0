import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * How a command reaches the running hub: the administration listener's loopback address and its secret, in a
 * 0600 file of the data folder — whoever may read the folder may run `devices revoke` anyway. Written when
 * the hub starts listening, removed when it stops.
 */
const ADMIN_FILE = 'admin.json';

export const adminEndpointSchema = z.strictObject({
  url: z.url().refine((url) => /^http:\/\/127\.0\.0\.1:\d+$/.test(url), 'The administration address is on loopback.'),
  secret: z.string().min(32).max(200),
  pid: z.number().int().positive(),
});
export type AdminEndpoint = z.infer<typeof adminEndpointSchema>;

export const newAdminSecret = (): string => randomBytes(32).toString('base64url');

export function writeAdminEndpoint(dataDir: string, endpoint: AdminEndpoint): void {
  const path = join(dataDir, ADMIN_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(adminEndpointSchema.parse(endpoint))}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/** The running hub's endpoint, or null when none is written (or the file is not one this version reads). */
export function readAdminEndpoint(dataDir: string): AdminEndpoint | null {
  try {
    return adminEndpointSchema.parse(JSON.parse(readFileSync(join(dataDir, ADMIN_FILE), 'utf8')));
  } catch {
    return null;
  }
}

/** Removes the endpoint file if it is still this secret's (a newer hub on the folder wrote its own). */
export function removeAdminEndpoint(dataDir: string, secret: string): void {
  if (readAdminEndpoint(dataDir)?.secret === secret) rmSync(join(dataDir, ADMIN_FILE), { force: true });
}
