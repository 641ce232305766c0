import { session, type Session } from 'electron';
import { createFreshConnectionFetch } from '../partner-api/fresh-connection-fetch';

/**
 * The session that carries only the writes the Partner API client will not resend. In memory (no `persist:`
 * prefix): it keeps no cookies, cache or anything else on disk. Its own connection pool is what lets each
 * write close every connection first without failing the reads in flight on the default session.
 */
export const WRITE_PARTITION = 'practice-writes';

/**
 * Electron's fetch for writes: the write session's fetch, on a fresh connection for each request, which
 * Chromium never resends by itself (see src-main/partner-api/fresh-connection-fetch.ts).
 *
 * It needs no settings of its own to match the default session: the app sets no proxy or request hook on any
 * session, and gives both the same hub certificate check (`checkCertificates`, from electron-pieces.ts), so
 * both follow the system's proxy and certificate store (a --proxy-server switch applies to every session). It
 * never shows a page, but denies every permission all the same, so it is no softer than the default session
 * (src-main/electron/app-guards.ts).
 */
export function electronFetchForWrite(
  checkCertificates?: (session: Pick<Session, 'setCertificateVerifyProc'>) => void,
): typeof globalThis.fetch {
  const writes = session.fromPartition(WRITE_PARTITION);
  checkCertificates?.(writes);
  writes.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  writes.setPermissionCheckHandler(() => false);
  return createFreshConnectionFetch({
    fetch: ((input: string | Request, init?: RequestInit) => writes.fetch(input, init)) as typeof globalThis.fetch,
    closeAllConnections: () => writes.closeAllConnections(),
  });
}
