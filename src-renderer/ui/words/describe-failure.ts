import { BridgeError, INTERNAL_FAILURE_MESSAGE, type BridgeErrorCode } from '../../../src-preload/contract/companion';
import { failureWords } from '../../../src-preload/contract/failure-words';

/*
 * The renderer's failure words, written once. A screen or a notice shows `describeFailure(error)`: a fixed
 * sentence per kind of failure, never an error's own text, which may hold a stack fragment, a Dexie
 * internal or a server's words. Main's sentences cross the bridge as they are when main meant the user to
 * read them (a refusal); the raw text is kept apart (`failureDiagnostics`) for the log and the reporter.
 */

const bridgeWords: Record<Exclude<BridgeErrorCode, 'refused'>, string> = {
  'handler-failed': INTERNAL_FAILURE_MESSAGE,
  'unknown-method':
    'This window asked the app for something it does not offer. Restart the app; the details are in its log.',
  'untrusted-sender': 'The app refused a request from this window. Restart the app; the details are in its log.',
  'invalid-payload': 'The app refused a request it could not check. Try again; the details are in its log.',
  'payload-too-large': 'The request was too large for the app to accept.',
};

export const rendererFailureWords = {
  /** The laptop's own database (IndexedDB) refused a read or a write. */
  storage:
    "This laptop's copy of the practice could not be read or written. Try again; if it keeps happening, restart the app.",
  /** The laptop's disk is full for this app. */
  storageFull: "This laptop has no room left for the practice's copy. Free some disk space and try again.",
  /** The system refused the window something it asked for (the clipboard wants the window in front). */
  notAllowed: 'The system did not allow this. Bring the window to the front and try again.',
  /** Something in this window itself went wrong. */
  unexpected: 'Something went wrong in this window. Try again; if it keeps happening, send the diagnostics to support.',
} as const;

/** IndexedDB's and Dexie's errors (Dexie names its errors after the DOM's, ending in "Error"). */
const storageErrorNames: readonly string[] = [
  'AbortError',
  'ConstraintError',
  'DatabaseClosedError',
  'DataError',
  'InvalidStateError',
  'MissingAPIError',
  'NotFoundError',
  'OpenFailedError',
  'ReadOnlyError',
  'TransactionInactiveError',
  'UnknownError',
  'UpgradeError',
  'VersionError',
];

const nameOf = (error: unknown): string =>
  error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
    ? String((error as { name: unknown }).name)
    : '';

/** A failure whose message is a plain sentence written for the user (main's `UserFacingError`, in the window). */
export class UserFacingFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserFacingFailure';
  }
}

/** The sentence a person reads for a failure. */
export function describeFailure(error: unknown): string {
  if (error instanceof UserFacingFailure) return error.message;
  if (error instanceof BridgeError) return error.code === 'refused' ? error.message : bridgeWords[error.code];
  const name = nameOf(error);
  if (name === 'QuotaExceededError') return rendererFailureWords.storageFull;
  if (storageErrorNames.includes(name)) return rendererFailureWords.storage;
  if (name === 'ZodError') return failureWords.malformed;
  if (name === 'NotAllowedError') return rendererFailureWords.notAllowed;
  return rendererFailureWords.unexpected;
}

/** The failure's own text, for diagnostics only (the log, the error reporter), never for the screen. */
export function failureDiagnostics(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  } catch {
    return String(error);
  }
}
