import type { Cipher } from '../cipher/cipher';
import type { Clock } from '../clock';
import type { SettingsStore } from '../settings/settings-store';
import { createDocumentCaches } from './document-caches';
import { createDocumentKeys } from './document-keys';
import { createDocumentPassphrase } from './document-passphrase';
import { createPassphraseHandlers } from './passphrase-handlers';
import { createViewerCopies } from './viewer-copies';

/**
 * Where documents are kept, and how they are sealed: each practice's PDFs under its own key, kept in the OS
 * password store, or without a secure one under the documents passphrase the user set, else for this session
 * only (never the weak store); the decrypted copies handed to the OS viewer; the passphrase's handlers for
 * Settings. Built before the session, which wipes a practice's documents (key, files, viewer copies) on sign-out.
 */
export function createDocumentStorage(deps: {
  cacheRoot: string;
  settings: SettingsStore;
  cipher: Cipher;
  clock: Clock;
  capBytes?: number;
  /** False when the administrator's policy keeps no document past the session (document-keys.ts). */
  keepAtRest?: boolean;
}) {
  const viewerCopies = createViewerCopies({ cacheRoot: deps.cacheRoot });
  const passphrase = createDocumentPassphrase({ settings: deps.settings });
  const keys = createDocumentKeys({
    settings: deps.settings,
    cipher: deps.cipher,
    passphrase,
    ...(deps.keepAtRest === false ? { keepAtRest: false } : {}),
  });
  const passphraseHandlers = createPassphraseHandlers({ cipher: deps.cipher, passphrase, keys });
  const caches = createDocumentCaches({
    cacheRoot: deps.cacheRoot,
    clock: deps.clock,
    keys,
    viewerCopies,
    ...(deps.capBytes !== undefined ? { capBytes: deps.capBytes } : {}),
  });
  return { viewerCopies, passphrase, keys, passphraseHandlers, caches };
}
