import type { DocumentPassphraseResult, DocumentPassphraseStatus } from '../../src-preload/contract/documents';
import type { Cipher } from '../cipher/cipher';
import type { DocumentKeys } from './document-keys';
import type { DocumentPassphrase } from './document-passphrase';

/**
 * The bridge's side of the documents passphrase: whether one is needed (no secure password store), and
 * entering it — setting it the first time, unlocking the session after. The passphrase is used to derive
 * the key and dropped; it is never stored or logged.
 */
export function createPassphraseHandlers(deps: { cipher: Cipher; passphrase: DocumentPassphrase; keys: DocumentKeys }) {
  return {
    async status(): Promise<DocumentPassphraseStatus> {
      return { needed: !(await deps.cipher.isSecure()), state: deps.passphrase.state() };
    },

    async enter(passphrase: string): Promise<DocumentPassphraseResult> {
      if (await deps.cipher.isSecure())
        return {
          ok: false,
          message: "This laptop's password store protects saved documents; no passphrase is needed.",
          state: deps.passphrase.state(),
        };
      if (deps.passphrase.state() === 'not-set') {
        const set = await deps.passphrase.set(passphrase);
        if (set.ok) deps.keys.keepUnderPassphrase();
        return { ok: set.ok, message: set.ok ? null : set.message, state: deps.passphrase.state() };
      }
      const ok = await deps.passphrase.unlock(passphrase);
      if (ok) deps.keys.keepUnderPassphrase();
      return {
        ok,
        message: ok ? null : 'That is not the documents passphrase. Try again.',
        state: deps.passphrase.state(),
      };
    },
  };
}
