import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';

export interface DeviceCredential {
  id: string;
  token: string;
}

export interface DeviceListing {
  id: string;
  name: string;
  createdAt: string;
  revokedAt: string | null;
}

const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Laptops that may read the hub. The token is shown once, at enrolment; the database keeps only its
 * SHA-256 (a random 256-bit token needs no slow hash), so a database backup lets no one in.
 */
export function createDeviceRegistry(db: Queryable) {
  return {
    async add(name: string): Promise<DeviceCredential> {
      const id = randomUUID();
      const token = randomBytes(32).toString('base64url');
      await db.query('INSERT INTO devices (id, name, token_hash) VALUES ($1, $2, $3)', [id, name, hashOf(token)]);
      return { id, token };
    },
    async list(): Promise<DeviceListing[]> {
      const rows = await db.query<{ id: string; name: string; created_at: string; revoked_at: string | null }>(
        `SELECT id, name, to_json(created_at)#>>'{}' AS created_at, to_json(revoked_at)#>>'{}' AS revoked_at
         FROM devices ORDER BY created_at, id`,
      );
      return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, revokedAt: r.revoked_at }));
    },
    /** True when a device with that id was active and is now revoked. */
    async revoke(id: string): Promise<boolean> {
      const rows = await db.query(
        'UPDATE devices SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id',
        [id],
      );
      return rows.length > 0;
    },
    /** Of these ids, the ones revoked (a process that missed revocation signals checks what it has open). */
    async revokedAmong(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.query<{ id: string }>(
        'SELECT id FROM devices WHERE id = ANY($1::text[]) AND revoked_at IS NOT NULL',
        [ids],
      );
      return rows.map((row) => row.id);
    },
    /** Whether the id and token belong to an enrolled device that is not revoked (compared in constant time). */
    async verify(id: string | undefined, token: string | undefined): Promise<boolean> {
      if (!id || !token || id.length > 100 || token.length > 200) return false;
      const [row] = await db.query<{ token_hash: string }>(
        'SELECT token_hash FROM devices WHERE id = $1 AND revoked_at IS NULL',
        [id],
      );
      const expected = Buffer.from(row?.token_hash ?? hashOf(''), 'hex');
      const matches = timingSafeEqual(expected, Buffer.from(hashOf(token), 'hex'));
      return row !== undefined && matches;
    },
  };
}
export type DeviceRegistry = ReturnType<typeof createDeviceRegistry>;

/**
 * The enrolment code an administrator hands to a laptop, printed once: the device id and token together
 * (valid until the device is revoked), and for a self-signed hub the certificate fingerprint the laptop
 * pins ("id:token:fingerprint"; a code without it stays valid for a hub on http loopback or with a
 * certificate an authority signed).
 */
export const enrolmentCode = (credential: DeviceCredential, pinnedFingerprint?: string | null): string =>
  Buffer.from(
    [credential.id, credential.token, ...(pinnedFingerprint ? [pinnedFingerprint] : [])].join(':'),
    'utf8',
  ).toString('base64url');
