import type { FastifyInstance } from 'fastify';
import {
  knownWebhookEvents,
  webhookDeliverySchema,
  type WebhookDelivery,
} from '../../../src-preload/contract/partner-api';
import { verifyDelivery } from '../../partner-api/webhook-signature';
import type { HubDatabase } from '../db/database';
import { WEBHOOK_PATH } from './webhook-path';
import { access } from '../http/route-access';
import type { HubLog } from '../watch/hub-log';
import type { DeliveryOutcome } from '../watch/hub-metrics';

/** Contract, Events: a delivery whose timestamp is further than this from our clock is refused (replay window). */
export const WEBHOOK_TOLERANCE_S = 300;
const MAX_BODY_BYTES = 256 * 1024;

export interface WebhookReceiverOptions {
  db: HubDatabase;
  /** The signing secrets of the hub's subscriptions (from the secrets file, never the database). */
  secrets: () => readonly string[];
  practiceKey: string;
  /** The work after the answer: re-read what the event names. Called once per new, real event. */
  onEvent: (delivery: WebhookDelivery) => void;
  /** A verified test delivery arrived (proves deliveries reach the hub). */
  onTest?: (eventId: string) => void;
  nowMs?: () => number;
  /** Each delivery answered: what it came to, and how long the answer took (the metrics). */
  onAnswered?: (outcome: DeliveryOutcome, seconds: number) => void;
  /** Refused deliveries are logged (never their signature, headers or body). */
  log?: HubLog;
}

export type ReceiverVerdict = { status: 200; stored: boolean; reason?: string } | { status: 400 | 401; reason: string };

const OUTCOMES: Record<string, DeliveryOutcome> = {
  unsigned: 'unsigned',
  'bad signature': 'bad_signature',
  'stale timestamp': 'stale',
  'not a delivery': 'malformed',
  'event id mismatch': 'malformed',
  'test delivery': 'test',
  'unknown event': 'ignored',
  'another practice': 'ignored',
  'already received': 'duplicate',
};

/** A verdict as one of a few stable words (a metric's label, a log field). */
export function deliveryOutcome(verdict: ReceiverVerdict): DeliveryOutcome {
  if (verdict.status === 200 && verdict.stored) return 'stored';
  return OUTCOMES[verdict.reason ?? ''] ?? 'malformed';
}

/**
 * Judges one delivery, in the order that keeps an attacker from spending our work: the signature over
 * timestamp + "." + the raw bytes, in constant time, before anything is parsed; the timestamp window;
 * then the body, whose id must equal the header's (the signature does not cover the header); then the
 * inbox insert, whose conflict on the event id is the deduplication, in the transaction that stores it.
 */
export async function receiveDelivery(
  options: WebhookReceiverOptions,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): Promise<{ verdict: ReceiverVerdict; delivery?: WebhookDelivery }> {
  const header = (name: string) => (typeof headers[name] === 'string' ? headers[name] : '');
  const timestamp = header('x-svc-timestamp');
  const signature = header('x-svc-signature');
  if (!/^\d{1,12}$/.test(timestamp) || !signature.startsWith('sha256='))
    return { verdict: { status: 401, reason: 'unsigned' } };
  // Every secret is tried (a subscription per event key, each with its own secret); no early exit.
  const signed = options
    .secrets()
    .map((secret) => verifyDelivery(secret, timestamp, rawBody, signature))
    .reduce((any, ok) => any || ok, false);
  if (!signed) return { verdict: { status: 401, reason: 'bad signature' } };
  const nowS = (options.nowMs?.() ?? Date.now()) / 1000;
  if (Math.abs(nowS - Number(timestamp)) > WEBHOOK_TOLERANCE_S)
    return { verdict: { status: 401, reason: 'stale timestamp' } };
  let parsed: WebhookDelivery;
  try {
    parsed = webhookDeliverySchema.parse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return { verdict: { status: 400, reason: 'not a delivery' } };
  }
  if (parsed.eventId !== header('x-svc-event-id')) return { verdict: { status: 400, reason: 'event id mismatch' } };
  if (parsed.isTest) {
    options.onTest?.(parsed.eventId);
    return { verdict: { status: 200, stored: false, reason: 'test delivery' } };
  }
  if (!(parsed.event in knownWebhookEvents))
    return { verdict: { status: 200, stored: false, reason: 'unknown event' } };
  if (parsed.practiceKey !== options.practiceKey)
    return { verdict: { status: 200, stored: false, reason: 'another practice' } };
  const inserted = await options.db.transaction((tx) =>
    tx.query(
      `INSERT INTO webhook_inbox (event_id, event_key, payload) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [parsed.eventId, parsed.event, JSON.stringify(parsed)],
    ),
  );
  if (inserted.length === 0) return { verdict: { status: 200, stored: false, reason: 'already received' } };
  return { verdict: { status: 200, stored: true }, delivery: parsed };
}

/** The receiver's route: answers at once and does the work after the answer is sent. */
export function registerWebhookReceiver(app: FastifyInstance, options: WebhookReceiverOptions): void {
  void app.register(async (scope) => {
    // The raw bytes are what was signed: parsing first would verify something else.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.post(WEBHOOK_PATH, access('signed-webhook'), async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { verdict, delivery } = await receiveDelivery(options, request.headers, raw);
      const outcome = deliveryOutcome(verdict);
      if (verdict.status !== 200) options.log?.warn({ outcome }, 'a webhook delivery was refused');
      reply.raw.once('finish', () => {
        options.onAnswered?.(outcome, reply.elapsedTime / 1000);
        if (delivery) options.onEvent(delivery);
      });
      return reply
        .code(verdict.status)
        .send({ received: verdict.status === 200, ...('reason' in verdict ? { reason: verdict.reason } : {}) });
    });
  });
}
