import { z } from 'zod';

/** Main's view of whether the network is usable (main owns every network call). */
export const connectivitySchema = z.strictObject({
  online: z.boolean(),
  /** ISO time of the last check, so the UI can say how fresh the answer is. */
  checkedAt: z.iso.datetime(),
});
export type Connectivity = z.infer<typeof connectivitySchema>;
