import { z } from 'zod';

/**
 * Cancellation across the bridge (as VS Code cancels across IPC): a long call main makes requests for
 * (`practice.read`, `documents.fetch`, `documents.open`) may carry a `cancelId` the window chose; when the
 * window gives up on it (the practice changed, the screen closed, a job was cancelled), `practice.cancel`
 * with that id aborts main's `AbortController`, so the HTTP call stops and no more of the request budget is spent.
 */
export const cancelIdSchema = z.uuid();

export const cancelInputSchema = z.strictObject({ cancelId: cancelIdSchema });
/** `cancelled` is false when main had no such call under way (it had already ended). */
export const cancelResultSchema = z.strictObject({ cancelled: z.boolean() });
