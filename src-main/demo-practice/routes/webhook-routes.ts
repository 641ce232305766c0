import { z } from 'zod';
import {
  knownWebhookEvents,
  webhookCreatedSchema,
  webhookSubscribeSchema,
  webhookSubscriptionSchema,
} from '../../../src-preload/contract/partner-api';
import { badRequest, notFound } from '../http/api-problem';
import { defineRoute } from '../http/route-spec';
import type { PracticeState } from '../state/practice-state';
import { emitEvent } from '../webhooks/emit-event';
import { intId } from './route-helpers';

const supportedEvents = Object.keys(knownWebhookEvents);
const idParams = z.object({ id: intId });

/** HTTPS only (contract); the demo alone also accepts http://127.0.0.1 and http://localhost so this machine can receive. */
function checkHookUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('hookUrl is not a valid URL.');
  }
  const local = url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname);
  if (url.protocol !== 'https:' && !local) throw badRequest('hookUrl must be an HTTPS URL.');
  return url.toString();
}

function findSubscription(practice: PracticeState, id: number) {
  const subscription = practice.webhooks.get(id);
  if (!subscription) throw notFound(`Webhook subscription ${id} was not found.`);
  return subscription;
}

const withoutSecret = ({ secret: _secret, ...rest }: { secret: string } & z.infer<typeof webhookSubscriptionSchema>) =>
  rest;

export const webhookRoutes = [
  defineRoute({
    method: 'GET',
    path: '/webhooks/events',
    operationId: 'listWebhookEvents',
    tag: 'Webhooks',
    access: 'read',
    summary: 'Supported event keys; subscribe only to these',
    response: { status: 200, schema: z.array(z.string()) },
    handler: () => supportedEvents,
  }),
  defineRoute({
    method: 'POST',
    path: '/webhooks',
    operationId: 'subscribeWebhook',
    tag: 'Webhooks',
    access: 'write',
    summary: 'Subscribe one event to a URL; the secret is returned only here',
    body: webhookSubscribeSchema,
    response: { status: 201, schema: webhookCreatedSchema },
    errors: [400, 403],
    handler: ({ practice, body, now }) => {
      const hookUrl = checkHookUrl(body.hookUrl ?? body.targetUrl ?? '');
      if (!supportedEvents.includes(body.event))
        throw badRequest(`event must be one of ${supportedEvents.join(', ')}.`);
      const secret =
        body.webhookSecret ??
        `whsec_${crypto.randomUUID().replaceAll('-', '')}${crypto.randomUUID().replaceAll('-', '')}`;
      const id = practice.nextIds.webhook++;
      practice.webhooks.set(id, {
        id,
        hookUrl,
        event: body.event,
        createdOn: now.toISOString(),
        lastDeliveryOn: null,
        lastDeliveryStatus: null,
        secret,
      });
      return { id, webhookSecret: secret };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/webhooks',
    operationId: 'listWebhooks',
    tag: 'Webhooks',
    access: 'read',
    summary: 'List subscriptions (never the secret)',
    response: { status: 200, schema: z.array(webhookSubscriptionSchema) },
    handler: ({ practice }) => [...practice.webhooks.values()].map(withoutSecret),
  }),
  defineRoute({
    method: 'GET',
    path: '/webhooks/:id',
    operationId: 'getWebhook',
    tag: 'Webhooks',
    access: 'read',
    summary: 'Load a subscription (never the secret)',
    params: idParams,
    response: { status: 200, schema: webhookSubscriptionSchema },
    errors: [400, 404],
    handler: ({ practice, params }) => withoutSecret(findSubscription(practice, params.id)),
  }),
  defineRoute({
    method: 'POST',
    path: '/webhooks/:id/test',
    operationId: 'testWebhook',
    tag: 'Webhooks',
    access: 'write',
    summary: 'Send a signed test delivery (not a real event)',
    params: idParams,
    response: { status: 200, schema: z.object({ eventId: z.string() }) },
    errors: [400, 403, 404],
    handler: ({ practice, params, runtime }) => {
      const subscription = findSubscription(practice, params.id);
      const eventId = emitEvent(
        practice,
        runtime,
        subscription.event,
        { message: 'Test delivery from the demo practice.' },
        { isTest: true, onlySubscriptionId: subscription.id },
      );
      return { eventId };
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/webhooks/:id',
    operationId: 'deleteWebhook',
    tag: 'Webhooks',
    access: 'write',
    summary: 'Remove a subscription (id from the 201 response, not the event name)',
    params: idParams,
    response: { status: 200, empty: true },
    errors: [400, 403, 404],
    handler: ({ practice, params }) => {
      findSubscription(practice, params.id);
      practice.webhooks.delete(params.id);
      return undefined;
    },
  }),
];
