/**
 * The sentences for Partner API failures, written once (main and the renderer). `describeApiError` picks one per error; the
 * outbox, on-demand reads and documents use the same ones and add only what their context changes
 * (what happens to a queued action, that the laptop's copy is still shown). No imports: the error
 * classes use these words too, and this module must not import them back.
 */
export const failureWords = {
  /** 401 on a request made with credentials the user just typed or chose. */
  credentialsRejected: 'The practice did not accept these credentials. Check the Client ID, the secret and the region.',
  /** 401 from the practice hub: the device was revoked, or the hub no longer knows it. */
  hubDeviceRejected:
    'The practice hub no longer accepts this laptop: its enrolment was revoked or is unknown there. Ask the hub’s administrator for a new enrolment code and connect through the hub again.',
  /** 429 from the practice hub: this laptop asked it for more than it reads from the practice for one laptop. */
  hubBusy: (seconds: number): string =>
    `The practice hub asked this laptop to wait ${seconds} s before asking it for more; it tries again then by itself.`,
  /** A pinned (self-signed) hub showed another certificate: refused in the handshake, before anything was sent. */
  hubCertificateMismatch:
    'The hub’s certificate is not the one it was enrolled with, so nothing was sent to it. If the hub’s administrator replaced its certificate, ask them for a new enrolment code; otherwise something may be impersonating the hub.',
  /** 403: the contract answers it only to read-only credentials attempting a change. */
  readOnly: 'These credentials are read-only: the practice does not allow them to make changes.',
  /** 404 without the server's own words. */
  notFound: 'The practice no longer has this record.',
  /** 429 without the server's own words: the budget pauses and the request goes again by itself. */
  slowDown: 'The practice asked us to slow down; it will be retried automatically.',
  /** 5xx where sending again is safe (reads, idempotent writes). */
  serverProblem: 'The practice server had a problem. It will be retried.',
  timeout: 'The practice server did not answer in time.',
  unreachable: 'The practice server could not be reached.',
  malformed: 'The practice server sent an answer the app does not understand.',
  /** An error page from something between the laptop and the practice (a gateway, a proxy), not the practice's own answer. */
  notFromThePractice:
    'Something between this laptop and the practice answered instead of the practice. It will be tried again.',
  /** A whole read that records joining or moving within the list may have cut short (partner-api/paging.ts). */
  listChangedWhileRead:
    'The practice’s list changed while it was being read, so what was read was not taken as the whole list.',
  redirect: 'The practice server tried to send this request to another address; it was not followed.',
  /** A client's uploaded file whose signed link points anywhere but the practice's own address (signed-url.ts). */
  storageElsewhere:
    'The practice pointed this file at an address other than its own, so the app did not fetch it. Ask the practice for the file.',
  /** An uploaded file of a type the app does not keep (uploaded-files.ts). */
  fileTypeNotKept: (contentType: string): string =>
    `The client's file is of a type the app does not keep (${contentType.slice(0, 80) || 'no type given'}). Open it at the practice.`,
  tooLarge: (limitBytes: number): string =>
    `The practice server sent an answer larger than the app accepts (over ${Math.round(limitBytes / 1024 / 1024)} MiB); it was not read.`,
  /** Anything that is neither the practice's answer nor the network's: the app's own failure, its text not shown. */
  unexpected:
    'Something unexpected went wrong while talking to the practice. Try again; if it keeps happening, send the diagnostics to support.',
} as const;

/** No usable answer: a timeout says so, every other network failure reads as "could not be reached". */
export const noAnswerWords = (timedOut: boolean): string =>
  timedOut ? failureWords.timeout : failureWords.unreachable;
