import { z } from 'zod';

/** What the renderer may show about the running app. Only paths that are safe to display. */
export const appInfoSchema = z.strictObject({
  name: z.string().max(100),
  version: z.string().max(50),
  platform: z.enum(['darwin', 'win32', 'linux', 'other']),
  arch: z.string().max(20),
  runtime: z.enum(['electron', 'browser-preview']),
  versions: z.strictObject({
    electron: z.string().max(50).nullable(),
    chrome: z.string().max(50).nullable(),
    node: z.string().max(50),
  }),
  paths: z.strictObject({
    /** Where the practice databases' documents and caches live; shown in Settings. */
    userData: z.string().max(1000),
    logs: z.string().max(1000),
  }),
});
export type AppInfo = z.infer<typeof appInfoSchema>;
