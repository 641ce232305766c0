import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Contract, Events §5: canonical string = X-Svc-Timestamp + "." + the exact raw body bytes;
 * signature = "sha256=" + lowercase hex HMAC-SHA256 keyed with the UTF-8 webhookSecret.
 */
export function signDelivery(secret: string, timestamp: string, rawBody: Uint8Array | string): string {
  const hmac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  hmac.update(`${timestamp}.`);
  hmac.update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody);
  return `sha256=${hmac.digest('hex')}`;
}

/** The receiver's constant-time check (the practice hub's receiver; the demo practice signs with signDelivery). */
export function verifyDelivery(
  secret: string,
  timestamp: string,
  rawBody: Uint8Array | string,
  signature: string,
): boolean {
  const expected = Buffer.from(signDelivery(secret, timestamp, rawBody), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
