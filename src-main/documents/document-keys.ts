import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { DocumentKeyKept } from '../../src-preload/contract/documents';
import type { Cipher } from '../cipher/cipher';
import type { SettingsStore } from '../settings/settings-store';
import { DocumentCacheError } from './document-cache';
import { KEY_BYTES } from './document-crypto';
import type { DocumentPassphrase } from './document-passphrase';

export interface DocumentKeysDeps {
  settings: SettingsStore;
  cipher: Cipher;
  /** The documents passphrase (for a cipher that is not secure); without it such a laptop keeps keys for the session only. */
  passphrase?: DocumentPassphrase;
  /**
   * False when the administrator's policy keeps no document past the session (src-main/policy): every key is held
   * in memory only, and a key kept earlier is dropped, so the files are deleted at the next start. Default true.
   */
  keepAtRest?: boolean;
}

export const LOCKED_TEXT =
  'Saved documents are protected by your documents passphrase. Enter it in Settings to open them.';
const PASSPHRASE_BACKEND = 'passphrase';

const SETTINGS_KEY = 'documents.keys';

const storedKeySchema = z.strictObject({
  practiceKey: z.string().max(100),
  /** A key once kept in weak storage ('weak-opt-in') no longer parses: it is dropped, never read. */
  kept: z.enum(['keychain', 'passphrase']),
  /** Base64 of the cipher's encryption of the key (itself base64), or of the key sealed under the passphrase. */
  cipherText: z.string().max(10_000),
  /** The cipher backend that encrypted it: another one cannot decrypt it. */
  backend: z.string().max(100),
});
type StoredKey = z.infer<typeof storedKeySchema>;

/**
 * One random 32-byte document key per practice, created on its first stored document and held in
 * main's memory. At rest: encrypted by the OS password store when the cipher is secure. Without one
 * (Linux without a keyring, where safeStorage's "encryption" uses a key every program knows) never in
 * that weak store: sealed under the documents passphrase when the user set one (asked once per session;
 * while it is not entered, the documents stay on disk but cannot be opened), else in memory for this
 * session only, and the files it sealed are deleted at the next start. A key that cannot be read back
 * (a new session, a changed keyring) is simply missing: the files it sealed cannot be opened and are
 * deleted and fetched again.
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

  /** Record by record: one that does not parse (a weak-storage key of an older version) is left out, and dropped at the next write. */
  function readAll(): StoredKey[] {
    const value = deps.settings.get(SETTINGS_KEY);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item) => {
      const parsed = storedKeySchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  }
  const locked = (): DocumentCacheError => new DocumentCacheError('refused', LOCKED_TEXT);
  const writeAll = (records: StoredKey[]): void =>
    records.length ? deps.settings.set(SETTINGS_KEY, records) : deps.settings.delete(SETTINGS_KEY);
  const others = (practiceKey: string): StoredKey[] => readAll().filter((r) => r.practiceKey !== practiceKey);

  /** Where a key made now would be kept. */
  async function keptFor(): Promise<DocumentKeyKept> {
    if (deps.keepAtRest === false) return 'session-only';
    if (await deps.cipher.isSecure()) return 'keychain';
    return deps.passphrase && deps.passphrase.state() !== 'not-set' ? 'passphrase' : 'session-only';
  }

  /** A refused read (the passphrase not entered yet) is not remembered: it is tried again once it is. */
  function loadStored(practiceKey: string): Promise<void> {
    let load = loads.get(practiceKey);
    if (!load) {
      load = readStored(practiceKey);
      loads.set(practiceKey, load);
      load.catch(() => loads.get(practiceKey) === load && loads.delete(practiceKey));
    }
    return load;
  }

  async function readStored(practiceKey: string): Promise<void> {
    const record = readAll().find((r) => r.practiceKey === practiceKey);
    if (!record) return;
    if (deps.keepAtRest === false) {
      // Kept before the policy said otherwise: forgotten, so its files are deleted like a session's.
      writeAll(others(practiceKey));
      return;
    }
    if (record.kept === 'passphrase') {
      // Locked: the files stay as they are (nothing is rebuilt or replaced) until the passphrase is entered.
      if (deps.passphrase?.state() !== 'unlocked') throw locked();
      const key = deps.passphrase.unwrap(practiceKey, record.cipherText);
      if (key?.length === KEY_BYTES) keys.set(practiceKey, { key, kept: 'passphrase' });
      else writeAll(others(practiceKey)); // sealed under another passphrase, or changed: forgotten
      return;
    }
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
    const kept = await keptFor();
    if (kept === 'passphrase') {
      const cipherText = deps.passphrase?.wrap(pk, key);
      if (!cipherText) throw locked();
      writeAll([...others(pk), { practiceKey: pk, kept, cipherText, backend: PASSPHRASE_BACKEND }]);
    } else if (kept === 'keychain') {
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
      // Locked (passphrase not entered): the stored record still says where the key is.
      await loadStored(pk).catch(() => undefined);
      const loaded = keys.get(pk);
      if (loaded) return loaded.kept;
      return readAll().find((r) => r.practiceKey === pk)?.kept ?? (await keptFor());
    },

    /**
     * At start: known practices whose documents no key at rest can open (kept for a past session only,
     * or a weak-storage key no longer read), so their files are deleted rather than kept past the session.
     */
    unkeptAtRest(knownPracticeKeys: readonly string[]): string[] {
      // Under a policy that keeps nothing past the session, a key kept before it is no key at rest either.
      if (deps.keepAtRest === false && readAll().length > 0) writeAll([]);
      const stored = new Set(readAll().map((r) => r.practiceKey));
      return knownPracticeKeys.map(norm).filter((pk) => !stored.has(pk) && !keys.has(pk));
    },

    /**
     * Once the passphrase is set or entered: keys made for this session only (before it was) are sealed
     * under it too, so this session's documents are kept rather than deleted at the next start.
     */
    keepUnderPassphrase(): void {
      if (deps.keepAtRest === false) return;
      for (const [pk, entry] of keys) {
        if (entry.kept !== 'session-only') continue;
        const cipherText = deps.passphrase?.wrap(pk, entry.key);
        if (!cipherText) return;
        writeAll([...others(pk), { practiceKey: pk, kept: 'passphrase', cipherText, backend: PASSPHRASE_BACKEND }]);
        keys.set(pk, { key: entry.key, kept: 'passphrase' });
      }
    },

    /**
     * A new passphrase: every practice key sealed under the current one (the session is unlocked) is
     * opened, `replace` stores the new passphrase, and each key is sealed again under it. A key that does
     * not open is dropped (its files are fetched again). A crash between the two writes leaves keys the new
     * passphrase cannot open: the same outcome, saved documents fetched again, never a wrong key.
     */
    async resealUnderNewPassphrase(replace: () => Promise<{ ok: boolean }>): Promise<boolean> {
      const passphrase = deps.passphrase;
      if (!passphrase || passphrase.state() !== 'unlocked') return false;
      const opened = readAll()
        .filter((r) => r.kept === 'passphrase')
        .flatMap((r) => {
          const key = passphrase.unwrap(r.practiceKey, r.cipherText);
          return key?.length === KEY_BYTES ? [{ practiceKey: r.practiceKey, key }] : [];
        });
      if (!(await replace()).ok) return false;
      const resealed = opened.flatMap(({ practiceKey, key }) => {
        const cipherText = passphrase.wrap(practiceKey, key);
        return cipherText
          ? [{ practiceKey, kept: 'passphrase' as const, cipherText, backend: PASSPHRASE_BACKEND }]
          : [];
      });
      writeAll([...readAll().filter((r) => r.kept !== 'passphrase'), ...resealed]);
      return true;
    },

    /**
     * The passphrase is forgotten (the user no longer knows it): the keys sealed under it are dropped from
     * memory and the settings file, so their documents are deleted and fetched again when next opened.
     */
    forgetPassphraseKeys(): void {
      for (const [pk, entry] of keys) {
        if (entry.kept !== 'passphrase') continue;
        entry.key.fill(0);
        keys.delete(pk);
        loads.set(pk, Promise.resolve());
      }
      writeAll(readAll().filter((r) => r.kept !== 'passphrase'));
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
      const raw = deps.settings.get(SETTINGS_KEY);
      // Also drops records that no longer parse (a weak-storage key of an older version).
      if (kept.length !== (Array.isArray(raw) ? raw.length : raw === undefined ? 0 : 1)) writeAll(kept);
      for (const [pk, entry] of keys) {
        if (known.has(pk)) continue;
        entry.key.fill(0);
        keys.delete(pk);
      }
    },
  };
}
export type DocumentKeys = ReturnType<typeof createDocumentKeys>;
