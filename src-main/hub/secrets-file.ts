import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Secrets (the Partner API secret, webhook signing secrets, the metrics token) live in a 0600 file in the data folder, never
 * in the database, so a database backup or a replica leaks none.
 */
const secretsSchema = z.strictObject({
  partnerApi: z.strictObject({ clientId: z.string(), secret: z.string() }).optional(),
  /** Webhook subscription id → its signing secret. */
  webhooks: z.record(z.string(), z.string()).default({}),
  /**
   * The bearer token a Prometheus server off this machine shows for GET /metrics (loopback needs none);
   * read at each such request, so it can be set or changed while the hub runs.
   */
  metricsToken: z
    .string()
    .regex(/^[\x21-\x7e]{32,512}$/, 'metricsToken must be 32 to 512 visible ASCII characters (openssl rand -hex 32)')
    .optional(),
});
export type HubSecrets = z.infer<typeof secretsSchema>;

export const SECRETS_FILE = 'secrets.json';

/** The secrets file's text as the hub reads it (throws when it is not one). */
export function parseSecrets(text: string): HubSecrets {
  return secretsSchema.parse(JSON.parse(text));
}

export function readSecrets(dataDir: string): HubSecrets {
  const path = join(dataDir, SECRETS_FILE);
  if (!existsSync(path)) return { webhooks: {} };
  return parseSecrets(readFileSync(path, 'utf8'));
}

/** Written to a temporary 0600 file and renamed, so a crash leaves the old file or the new, never half. */
export function writeSecrets(dataDir: string, secrets: HubSecrets): void {
  const path = join(dataDir, SECRETS_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(secretsSchema.parse(secrets), null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}
