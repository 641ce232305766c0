import { z } from 'zod';

/** A proxy on the way to the practice asks for a user name and password: main asks the window (never logged). */
export const proxyLoginAskSchema = z.strictObject({
  id: z.string().max(100),
  host: z.string().max(500),
  port: z.number().int().min(0).max(65535),
  /** What the proxy calls itself (its realm), shown so the user knows which password it wants. */
  realm: z.string().max(500),
  scheme: z.string().max(50),
  /** The proxy refused the last name and password given for it. */
  failedBefore: z.boolean(),
});
export type ProxyLoginAsk = z.infer<typeof proxyLoginAskSchema>;

/** The window's answer: the name and password, or null (cancelled); remembered in the OS keychain only if asked. */
export const proxyLoginAnswerSchema = z.strictObject({
  id: z.string().max(100),
  credentials: z.strictObject({ username: z.string().min(1).max(500), password: z.string().max(1000) }).nullable(),
  remember: z.boolean(),
});
export type ProxyLoginAnswer = z.infer<typeof proxyLoginAnswerSchema>;
