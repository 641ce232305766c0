/**
 * Shared by the redactor's unit tests and the loggers' integration tests.
 * Secrets shaped like the real ones (a Client secret, a Client ID, a presigned link's signature and token).
 */
export const SECRET = 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
export const CLIENT_ID = '6f1c2a9e-3b7d-4c8e-9a0f-1d2e3f4a5b6c';
export const SIGNATURE = 'b7a9c0ffee1234567890abcdef1234567890abcdef1234567890abcdef123456';
export const URL_TOKEN = 'tok_Q2xpZW50VG9rZW5WYWx1ZQ';
export const BASIC = Buffer.from(`${CLIENT_ID}:${SECRET}`).toString('base64');
export const BEARER = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlLXZhbHVl';
export const WEBHOOK_SECRET = 'whsec_3kQ9vB7xL2mN8pR4tY6wZ1aC5dF0gH';
/** An HMAC as the webhook's X-Svc-Signature carries it (after `sha256=`). */
export const HMAC_HEX = '4f0c9a1b2d3e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8';
/** A signature carried as a URL path segment (base64url). */
export const PATH_SIGNATURE = 'Zx9Qm2Lr7Kp4Nw8Tb3Vc6Hd1Fj5Gs0Ay';
export const SIGNED_URL = `https://files.example.com/practice/doc.pdf?X-Amz-Signature=${SIGNATURE}&token=${URL_TOKEN}`;

/** Every kind of secret the redactor must remove, each inside an ordinary-looking log message. */
export const secretMessages: Record<string, string> = {
  'a Client secret registered at run time': `Connecting with ${SECRET} failed`,
  'Authorization: Basic': `request headers: Authorization: Basic ${BASIC}`,
  'Authorization: Bearer': `authorization=Bearer ${BEARER}`,
  'a bare Bearer token': `token was Bearer ${BEARER}`,
  'X-Svc-Auth-Key': `X-Svc-Auth-Key: ${SECRET}`,
  'X-Svc-Auth-ID': `X-Svc-Auth-ID: ${CLIENT_ID}`,
  'a signed URL': `Download failed: GET ${SIGNED_URL} answered 403`,
  'a webhook subscription body with webhookSecret': `201 ${JSON.stringify({ id: 'wh_1', webhookSecret: WEBHOOK_SECRET })}`,
  'hookSecret as key=value': `subscribing hookSecret=${WEBHOOK_SECRET} event=client.updated`,
  'hookSecret as util.inspect writes it': `{ hookUrl: 'https://hooks.example.com/in', hookSecret: '${WEBHOOK_SECRET}' }`,
  'webhookSecret in escaped JSON': `error: "{\\"webhookSecret\\":\\"${WEBHOOK_SECRET}\\"}"`,
  'an X-Svc-Signature header': `X-Svc-Signature: sha256=${HMAC_HEX}`,
  'a sha256= signature in free text': `signature mismatch: expected sha256=${HMAC_HEX}`,
  "credentials in a URL's user info": `GET https://${CLIENT_ID}:${SECRET}@api.example.com/api/v1/clients failed`,
  'a credential in a URL without a scheme': `fetch files.example.com/doc.pdf?sig=${SIGNATURE}&key=${URL_TOKEN} failed`,
  'a signature in a URL path': `GET https://files.example.com/s/${PATH_SIGNATURE}/doc.pdf answered 403`,
  'a signature in a relative path': `GET /download/${HMAC_HEX}/statement.pdf answered 403`,
  'a JSON body with "secret"': `body ${JSON.stringify({ clientId: 'abc', secret: SECRET, nested: { client_secret: SECRET } })}`,
};
export const allSecrets = [
  SECRET,
  CLIENT_ID,
  SIGNATURE,
  URL_TOKEN,
  BASIC,
  BEARER,
  WEBHOOK_SECRET,
  HMAC_HEX,
  PATH_SIGNATURE,
];
