import { z } from 'zod';
import { dateTime, uuid } from './common';

/** Practice user (`GET /api/v1/users/{userKey}`; also the element of `GET /api/v1/users/list`). */
export const userSchema = z.object({
  userKey: uuid,
  /** Integer id used by the onboardings `userID` filter (contract: "ids from GET /api/v1/users/list"). */
  userID: z.number().int(),
  userFirstName: z.string(),
  userLastName: z.string(),
  userEmail: z.string(),
  roleName: z.string(),
  userMobileNumber: z.string().nullable(),
  meetingLink: z.string().nullable(),
  hasSignature: z.boolean(),
  updatedOn: dateTime,
});
export type User = z.infer<typeof userSchema>;
