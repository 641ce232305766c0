/**
 * What proves that a write the practice answered with an error was NOT applied — the one list, shared
 * by main (which turns an answer into an outcome) and the renderer (which decides what a person may
 * resend with one click). From the contract (partner-api.md, "Errors"):
 * - 400: validation failure (and, for an eForm, missing subscription or wallet balance): refused;
 * - 403: read-only client on a write route: refused;
 * - 404: what the write refers to is not in the practice: nothing to apply it to;
 * - 429: rate limit or eForm quota: not acted on.
 * Any other status — a redirect, 401, 408, 409, any 5xx, anything the contract does not name — may
 * come from something that applied the write first (a gateway, a proxy, a server that failed while
 * answering), so for a write that is not idempotent it proves nothing.
 */
export const notAppliedStatuses: ReadonlySet<number> = new Set([400, 403, 404, 429]);

export const statusProvesNotApplied = (status: number): boolean => notAppliedStatuses.has(status);

/**
 * How long, by the practice's clock, a write is given to appear before a read that does not find it is
 * believed. A practice can keep working on a request after the connection is gone: main's own timeout is
 * 30 s, common gateways cut requests at 60 s (nginx, AWS ALB) and up to 230–240 s (Azure's front ends),
 * and the server behind may still finish. Five minutes covers the longest of those with room to spare;
 * waiting costs only a later answer, a wrong "absent" costs a duplicate (or a second bill).
 */
export const SETTLE_MARGIN_MS = 5 * 60_000;
