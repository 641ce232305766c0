import type { ProblemDetails } from '../../src-preload/contract/partner-api';
import { failureWords, noAnswerWords } from '../../src-preload/contract/failure-words';

/**
 * The server answered with an error status; `message` is the server's own words when it gave them;
 * `serverDate` its Date header (the practice's clock when it answered), when it sent one.
 */
export class PartnerApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly problem: ProblemDetails | null,
    readonly serverDate: Date | null = null,
  ) {
    super(message);
    this.name = 'PartnerApiError';
  }
}

/**
 * The server answered with a redirect (3xx). The contract never redirects, so a 3xx comes from
 * something that should not be in the way (a proxy, a captive portal, a hijacked name) or a server
 * that wants the request sent elsewhere; either way the request, and the secret in its headers, is
 * never sent to the new address. Whatever answered may have applied the request first (a 303 is
 * the usual answer to a write that was applied), so a redirect never proves a write was not applied.
 */
export class RedirectRefusedError extends PartnerApiError {
  constructor(status: number, serverDate: Date | null = null) {
    super(status, 'Redirect not followed', failureWords.redirect, null, serverDate);
    this.name = 'RedirectRefusedError';
  }
}

/** A 401 from the practice hub: said as the hub's refusal of this device, not as wrong Partner API credentials. */
export class HubDeviceRejectedError extends PartnerApiError {
  constructor(error: PartnerApiError) {
    super(error.status, error.title, failureWords.hubDeviceRejected, error.problem, error.serverDate);
    this.name = 'HubDeviceRejectedError';
  }
}

/**
 * A 429 from the practice hub: it limits what one laptop may make it read from the practice. Said with the
 * wait it asked for (Retry-After), which the client waits itself when it is short.
 */
export class HubBusyError extends PartnerApiError {
  constructor(
    error: PartnerApiError,
    readonly retryAfterMs: number,
  ) {
    super(
      error.status,
      error.title,
      failureWords.hubBusy(Math.ceil(retryAfterMs / 1000)),
      error.problem,
      error.serverDate,
    );
    this.name = 'HubBusyError';
  }
}

/**
 * - unreachable: the request provably never left — it failed before a connection existed
 *   (network-failure.ts decides by the phase of the failure, not by its code);
 * - timeout, reset, truncated: it may have reached the server and been applied (ambiguous).
 */
export type NetworkFailure = 'unreachable' | 'timeout' | 'reset' | 'truncated';

/** No usable answer arrived: the request may or may not have reached the server. */
export class NetworkError extends Error {
  constructor(
    readonly failure: NetworkFailure,
    message: string,
    /** The fetch's own error, kept for whoever says why (the hub's command line); never shown to staff as is. */
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/**
 * The client was told to close (a hub that is stopping) while this request was waiting or under way: it was
 * given up, and whoever asked may not take it as any answer of the practice's. Never retried.
 */
export class ClientClosingError extends Error {
  constructor() {
    super('The request was given up: the Partner API client is closing.');
    this.name = 'ClientClosingError';
  }
}

/**
 * A hub pinned by its enrolment code showed another certificate: the handshake was refused before a byte
 * of the request left, and it is said as that, never as "could not be reached" (nor trusted instead).
 */
export class HubCertificateRefusedError extends NetworkError {
  constructor() {
    super('unreachable', failureWords.hubCertificateMismatch);
    this.name = 'HubCertificateRefusedError';
  }
}

/** The answer arrived but does not match the contract (a whole body, not a single bad record). */
export class MalformedResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedResponseError';
  }
}

/** The answer was larger than the app accepts for its kind; reading stopped and the connection was closed. */
export class ResponseTooLargeError extends MalformedResponseError {
  constructor(readonly limitBytes: number) {
    super(failureWords.tooLarge(limitBytes));
    this.name = 'ResponseTooLargeError';
  }
}

/**
 * A signed storage URL (a client's uploaded file) that points anywhere but the practice's own address, or that is
 * not a plain absolute URL: it is never fetched (signed-url.ts), whatever the practice's answer said.
 */
export class SignedUrlRefusedError extends MalformedResponseError {
  constructor() {
    super(failureWords.storageElsewhere);
    this.name = 'SignedUrlRefusedError';
  }
}

/** A file whose type the app does not keep, or whose bytes are not what its type says: never stored. */
export class FileTypeRefusedError extends MalformedResponseError {
  constructor(contentType: string) {
    super(failureWords.fileTypeNotKept(contentType));
    this.name = 'FileTypeRefusedError';
  }
}

/**
 * A whole read ended on repeated pages past its first, or served a record again changed (partner-api/paging.ts,
 * moved-records.ts): records joined or moved within the list while it was read, so some may be missing.
 * Nothing was learnt; the read is made again later.
 */
export class ListChangedWhileReadError extends Error {
  constructor() {
    super(failureWords.listChangedWhileRead);
    this.name = 'ListChangedWhileReadError';
  }
}

/** A sentence a person can act on, for any error the client throws (the words: failure-words.ts). */
export function describeApiError(error: unknown): string {
  if (
    error instanceof RedirectRefusedError ||
    error instanceof ResponseTooLargeError ||
    error instanceof HubDeviceRejectedError ||
    error instanceof HubBusyError ||
    error instanceof HubCertificateRefusedError ||
    error instanceof ListChangedWhileReadError ||
    error instanceof SignedUrlRefusedError ||
    error instanceof FileTypeRefusedError
  )
    return error.message;
  if (error instanceof PartnerApiError) {
    switch (error.status) {
      case 401:
        return failureWords.credentialsRejected;
      case 403:
        return failureWords.readOnly;
      case 404:
        return error.message || failureWords.notFound;
      case 429:
        return failureWords.slowDown;
      default:
        return error.status >= 500 ? failureWords.serverProblem : error.message || error.title;
    }
  }
  if (error instanceof NetworkError) return noAnswerWords(error.failure === 'timeout');
  if (error instanceof MalformedResponseError) return failureWords.malformed;
  // Anything else is the app's own failure: its text may name files or internals, so it is not shown.
  return UNEXPECTED_FAILURE;
}

/** The sentence for a failure that is neither the practice's answer nor the network's. */
export const UNEXPECTED_FAILURE = failureWords.unexpected;
