/** How a secret is kept: encrypted by the OS keychain, encrypted with weak storage the user accepted, or in memory only. */
export type SecretStorage = 'keychain' | 'weak-opt-in' | 'session-only';

/** Why a stored secret is not available, as a code the vault words for the user; null when it is. */
export type SecretProblem =
  null | 'session-ended' | 'backend-changed' | 'unreadable' | 'tampered' | 'unsealed' | 'damaged';
