import type { DocumentPassphraseResult, DocumentPassphraseStatus } from '../../src-preload/contract/documents';
import type { Cipher } from '../cipher/cipher';
import type { DocumentKeys } from './document-keys';
import { MIN_PASSPHRASE_LENGTH, type DocumentPassphrase } from './document-passphrase';

const wrongPassphrase = 'That is not the documents passphrase. Try again.';

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
      return { ok, message: ok ? null : wrongPassphrase, state: deps.passphrase.state() };
    },

    /** A new passphrase, proven by the current one; saved documents stay readable under the new one. */
    async change(current: string, next: string): Promise<DocumentPassphraseResult> {
      const result = (ok: boolean, message: string | null) => ({ ok, message, state: deps.passphrase.state() });
      if (deps.passphrase.state() === 'not-set') return result(false, 'No documents passphrase is set here.');
      if (next.length < MIN_PASSPHRASE_LENGTH)
        return result(false, `Choose a new passphrase of at least ${MIN_PASSPHRASE_LENGTH} characters.`);
      // Proven again even in an unlocked session: a laptop left open must not let anyone replace it.
      if (!(await deps.passphrase.unlock(current))) return result(false, wrongPassphrase);
      const changed = await deps.keys.resealUnderNewPassphrase(() => deps.passphrase.replace(next));
      return result(changed, changed ? null : 'The passphrase could not be changed. Try again.');
    },

    /**
     * For a forgotten passphrase: it and the keys it sealed are forgotten, so the documents saved under it
     * are fetched again from the practice when next opened. Nothing the user typed is in them.
     */
    async forget(): Promise<DocumentPassphraseResult> {
      deps.keys.forgetPassphraseKeys();
      deps.passphrase.forget();
      return { ok: true, message: null, state: deps.passphrase.state() };
    },
  };
}
