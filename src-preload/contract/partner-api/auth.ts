import { z } from 'zod';
import { regionSchema, uuid } from './common';

/** `GET /api/v1/auth/validate`. Contract: returns `canWrite`; the other fields are the demo's documented choice. */
export const authValidationSchema = z.object({
  canWrite: z.boolean(),
  practiceKey: uuid,
  practiceName: z.string(),
  region: regionSchema,
});
export type AuthValidation = z.infer<typeof authValidationSchema>;
