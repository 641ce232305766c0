/** Where the hub receives the Partner API's webhook deliveries. */
export const WEBHOOK_PATH = '/webhooks/partner';
