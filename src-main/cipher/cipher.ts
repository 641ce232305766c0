/**
 * Encrypts secrets at rest. Electron's safeStorage (async API) in the app; an in-memory key in the
 * preview and tests. `backend` names where the key lives, so the vault can tell the user
 * when storage is weak (Linux `basic_text`) and notice when the backend changes between runs.
 */
export interface Cipher {
  backend(): string;
  /** False when encryption would not protect anything (for example no OS keyring). */
  isSecure(): Promise<boolean>;
  encrypt(plainText: string): Promise<Uint8Array>;
  decrypt(cipherText: Uint8Array): Promise<string>;
}
