import { z } from 'zod';

/**
 * Why main says what it says: `ok` (the active practice answered recently, or no practice is
 * connected and the network link is up), `no-network` (the laptop has no network link) or
 * `practice-unreachable` (a network is there, but the practice does not answer through it — a
 * hotel or airport captive portal, a firewall, a host that is down).
 */
export const connectivityReasonSchema = z.enum(['ok', 'no-network', 'practice-unreachable']);
export type ConnectivityReason = z.infer<typeof connectivityReasonSchema>;

/** Main's view of whether the practice can be reached (main owns every network call). */
export const connectivitySchema = z
  .strictObject({
    /** True only when `reason` is `ok`; kept so a consumer that needs a yes or no reads one field. */
    online: z.boolean(),
    reason: connectivityReasonSchema,
    /** ISO time of the last check, so the UI can say how fresh the answer is. */
    checkedAt: z.iso.datetime(),
  })
  .refine((state) => state.online === (state.reason === 'ok'), {
    message: 'online must be true exactly when reason is ok',
  });
export type Connectivity = z.infer<typeof connectivitySchema>;
