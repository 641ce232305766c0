import { knownWebhookEvents, type WebhookDelivery } from '../../../src-preload/contract/partner-api';
import type { DemoRuntime } from '../runtime';
import type { PracticeState } from '../state/practice-state';

/**
 * Raises an event: one delivery per subscription to it, all with the same event id. The body is
 * serialised once, so every retry sends the exact same bytes (contract, Events §6).
 */
export function emitEvent(
  practice: PracticeState,
  runtime: DemoRuntime,
  event: string,
  data: Record<string, unknown>,
  options: { isTest?: boolean; onlySubscriptionId?: number } = {},
): string {
  const eventId = crypto.randomUUID();
  const delivery: WebhookDelivery = {
    eventId,
    event,
    schemaVersion: knownWebhookEvents[event as keyof typeof knownWebhookEvents] ?? 1,
    occurredOn: runtime.clock.now().toISOString(),
    practiceKey: practice.profile.practiceKey,
    isTest: options.isTest ?? false,
    data,
  };
  const body = JSON.stringify(delivery);
  for (const subscription of practice.webhooks.values()) {
    if (
      options.onlySubscriptionId !== undefined
        ? subscription.id !== options.onlySubscriptionId
        : subscription.event !== event
    )
      continue;
    runtime.webhooks.deliver({
      eventId,
      event,
      subscriptionId: subscription.id,
      url: subscription.hookUrl,
      secret: subscription.secret,
      body,
      onResult: (status, at) => {
        subscription.lastDeliveryOn = at;
        subscription.lastDeliveryStatus = status;
      },
    });
  }
  return eventId;
}
