import { z } from 'zod';
import { type regionSchema } from '../../src-preload/contract/partner-api';
import { storedSecretSchema, type SecretStorage } from './secret-storage';

/**
 * What can still be read of a stored practice record that does not parse as a whole (an edited or
 * damaged settings file): each plain field on its own. A damaged record still names a practice whose
 * local data and outbox are on this laptop, so it must keep that practice bound (see the vault): losing
 * it would let another server claim the key and receive the practice's writes.
 */
export interface DamagedRecord {
  /** The item as stored, written back untouched until the practice is repaired or removed. */
  raw: unknown;
  /** The plain practice key, lower case; null when unreadable (then the sealed one may still tell). */
  practiceKey: string | null;
  name: string | null;
  region: z.infer<typeof regionSchema> | null;
  baseUrl: string | null;
  clientId: string | null;
  isDemo: boolean;
  storage: SecretStorage | null;
  cipherText: string | null;
  backend: string | null;
}

const field = <T>(schema: z.ZodType<T>, value: unknown): T | null => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The stored record's plain fields, each read on its own so one bad field spoils only itself. */
const plain = storedSecretSchema.shape;

export function salvage(raw: unknown): DamagedRecord {
  const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    raw,
    practiceKey: field(plain.practiceKey, item.practiceKey)?.toLowerCase() ?? null,
    name: field(z.string().min(1).max(200), item.name),
    region: field(plain.region, item.region),
    baseUrl: field(plain.baseUrl, item.baseUrl),
    clientId: field(plain.clientId, item.clientId),
    // Never the demo's exception (any demo run may take over a demo's binding): a damaged record binds strictly.
    isDemo: false,
    storage: field(plain.storage, item.storage),
    cipherText: field(plain.cipherText, item.cipherText),
    backend: field(plain.backend, item.backend),
  };
}
