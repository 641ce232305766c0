import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { DocumentKeyKept } from '../../src-preload/contract/documents';
import type { Cipher } from '../cipher/cipher';
import type { SettingsStore } from '../settings/settings-store';
import { KEY_BYTES } from './document-crypto';

export interface DocumentKeysDeps {
  settings: SettingsStore;
  cipher: Cipher;
  /** How the practice's own secret is kept (PracticeSession.storageOf); 'weak-opt-in' means the user accepted weak storage. */
  storageOf: (practiceKey: string) => 'keychain' | 'weak-opt-in' | 'session-only' | null;
}

const SETTINGS_KEY = 'documents.keys';

const storedKeySchema = z.strictObject({
  practiceKey: z.string().max(100),
  kept: z.enum(['keychain', 'weak-opt-in']),
  /** Base64 of the cipher's encryption of the key (itself base64). */
  cipherText: z.string().max(10_000),
  /** The cipher backend that encrypted it: another one cannot decrypt it. */
  backend: z.string().max(100),
});
type StoredKey = z.infer<typeof storedKeySchema>;

/**
 * One random 32-byte document key per practice, created on its first stored document and held in
 * main's memory. At rest it follows the credential vault's rules: encrypted by the OS password store
 * when the cipher is secure; on a laptop without one (Linux without a keyring) only in memory for this
 * session, unless the user accepted weak storage for this practice's secret, then encrypted by the
 * weak cipher. A key that cannot be read back (a new session, a changed keyring) is simply missing:
 * the files it sealed cannot be opened and are deleted and fetched again.
 */
export function createDocumentKeys(deps: DocumentKeysDeps) {
  const keys = new Map<string, { key: Buffer; kept: DocumentKeyKept }>();
  /**
   * One read of each practice's stored key per session, shared by every caller: an unreadable key is not
   * decrypted on every call, and a second caller waits for the first read instead of seeing no key and
   * making a new one (which would overwrite the stored key and orphan every file it sealed).
   */
  const loads = new Map<string, Promise<void>>();
  const norm = (practiceKey: string): string => practiceKey.toLowerCase();

  function readAll(): StoredKey[] {
    const parsed = z.array(storedKeySchema).safeParse(deps.settings.get(SETTINGS_KEY));
    return parsed.success ? parsed.data : [];
  }
  const writeAll = (records: StoredKey[]): void =>
    records.length ? deps.settings.set(SETTINGS_KEY, records) : deps.settings.delete(SETTINGS_KEY);
  const others = (practiceKey: string): StoredKey[] => readAll().filter((r) => r.practiceKey !== practiceKey);

  /** Where a key made now would be kept. */
  async function keptFor(practiceKey: string): Promise<DocumentKeyKept> {
    if (await deps.cipher.isSecure()) return 'keychain';
    return deps.storageOf(practiceKey) === 'weak-opt-in' ? 'weak-opt-in' : 'session-only';
  }

  function loadStored(practiceKey: string): Promise<void> {
    let load = loads.get(practiceKey);
    if (!load) loads.set(practiceKey, (load = readStored(practiceKey)));
    return load;
  }

  async function readStored(practiceKey: string): Promise<void> {
    const record = readAll().find((r) => r.practiceKey === practiceKey);
    if (!record) return;
    try {
      if (record.backend !== deps.cipher.backend()) throw new Error('another password store');
      const key = Buffer.from(await deps.cipher.decrypt(Buffer.from(record.cipherText, 'base64')), 'base64');
      if (key.length !== KEY_BYTES) throw new Error('not a key');
      keys.set(practiceKey, { key, kept: record.kept });
    } catch {
      // Unreadable: forgotten, so the next document stored gets a new key.
      writeAll(others(practiceKey));
    }
  }

  const creating = new Map<string, Promise<Buffer>>();
  async function create(pk: string): Promise<Buffer> {
    const key = randomBytes(KEY_BYTES);
    const kept = await keptFor(pk);
    if (kept !== 'session-only') {
      const cipherText = Buffer.from(await deps.cipher.encrypt(key.toString('base64'))).toString('base64');
      writeAll([...others(pk), { practiceKey: pk, kept, cipherText, backend: deps.cipher.backend() }]);
    }
    keys.set(pk, { key, kept });
    return key;
  }

  return {
    /** The practice's key if this session has it or can read it back; null when there is none (yet, or any more). */
    async get(practiceKey: string): Promise<Buffer | null> {
      const key = norm(practiceKey);
      await loadStored(key);
      return keys.get(key)?.key ?? null;
    },

    /** The practice's key, made now (and kept as the rules allow) if it has none. */
    async getOrCreate(practiceKey: string): Promise<Buffer> {
      const pk = norm(practiceKey);
      await loadStored(pk);
      const existing = keys.get(pk);
      if (existing) return existing.key;
      // Two first documents at once must share one new key, not each seal with their own.
      let made = creating.get(pk);
      if (!made) {
        made = create(pk).finally(() => creating.delete(pk));
        creating.set(pk, made);
      }
      return made;
    },

    /** Where the practice's key is (or, before its first document, would be) kept, for Settings. */
    async keptAs(practiceKey: string): Promise<DocumentKeyKept> {
      const pk = norm(practiceKey);
      await loadStored(pk);
      return keys.get(pk)?.kept ?? (await keptFor(pk));
    },

    /** Part of the documents wipe at sign-out: the key leaves memory and the settings file. */
    forget(practiceKey: string): void {
      const pk = norm(practiceKey);
      keys.get(pk)?.key.fill(0);
      keys.delete(pk);
      loads.set(pk, Promise.resolve());
      if (readAll().some((r) => r.practiceKey === pk)) writeAll(others(pk));
    },

    /** At start: keys of practices this laptop no longer knows (a sign-out that did not finish) are forgotten. */
    retainOnly(knownPracticeKeys: readonly string[]): void {
      const known = new Set(knownPracticeKeys.map(norm));
      const stored = readAll();
      const kept = stored.filter((r) => known.has(r.practiceKey));
      if (kept.length !== stored.length) writeAll(kept);
      for (const [pk, entry] of keys) {
        if (known.has(pk)) continue;
        entry.key.fill(0);
        keys.delete(pk);
      }
    },
  };
}
export type DocumentKeys = ReturnType<typeof createDocumentKeys>;
