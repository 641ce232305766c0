import { z } from 'zod';
import { dateTime, uuid } from './common';

/** Known keys and their delivery schema versions (contract). The full list comes from GET /api/v1/webhooks/events. */
export const knownWebhookEvents = { 'proposal.accepted': 4, 'eform.submitted': 1 } as const;

/** `POST /api/v1/webhooks`: hookUrl or its alias targetUrl; the event field name is the demo's choice (`event`). */
export const webhookSubscribeSchema = z
  .object({
    hookUrl: z.string().max(2000).optional(),
    targetUrl: z.string().max(2000).optional(),
    webhookSecret: z.string().min(16).max(200).optional(),
    event: z.string().min(1).max(100),
  })
  .refine((body) => body.hookUrl != null || body.targetUrl != null, {
    message: 'hookUrl (or its alias targetUrl) is required.',
    path: ['hookUrl'],
  });

export const webhookCreatedSchema = z.object({ id: z.number().int(), webhookSecret: z.string() });

/** List and load never show the secret (contract). */
export const webhookSubscriptionSchema = z.object({
  id: z.number().int(),
  hookUrl: z.string(),
  event: z.string(),
  createdOn: dateTime,
  lastDeliveryOn: dateTime.nullable(),
  lastDeliveryStatus: z.number().int().nullable(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;

/** `ApiWebhookDeliveryEventDTO`: a camel-case summary; details are loaded from the REST resources. */
export const webhookDeliverySchema = z.object({
  eventId: uuid,
  event: z.string(),
  schemaVersion: z.number().int(),
  occurredOn: dateTime,
  practiceKey: uuid,
  isTest: z.boolean(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
