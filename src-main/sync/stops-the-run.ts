import { NetworkError, PartnerApiError, RedirectRefusedError } from '../partner-api/api-errors';

/** Errors that make every other resource pointless to try now (a redirecting server redirects them all). */
export const stopsTheRun = (error: unknown) =>
  error instanceof NetworkError ||
  error instanceof RedirectRefusedError ||
  (error instanceof PartnerApiError && (error.status === 401 || error.status === 403));
