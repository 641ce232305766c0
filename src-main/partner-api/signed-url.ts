/**
 * The one rule for a signed storage URL the app follows (a client's uploaded file, `GET …/documents/{documentId}`).
 * The contract names no storage host, so the app takes the strictest reading: the file is fetched only from the
 * origin of the practice's own address (scheme, host and port exactly; that address already passed the one rule
 * for where the secret may go: https, or http to loopback). Nothing else — another host, a look-alike, user info,
 * a fragment, a relative or overlong URL — is ever fetched: a hostile or mistaken practice answer cannot make the
 * laptop reach into its network (SSRF) or carry anything to a third party. The fetch itself sends no credentials,
 * no cookies and no referrer, and follows no redirect (partner-api-client.ts `signedFile`).
 */
const MAX_SIGNED_URL_LENGTH = 4_000;

/** The URL to fetch, or null when it must not be followed. */
export function allowedSignedUrl(raw: string, practiceAddress: string): URL | null {
  if (raw.length > MAX_SIGNED_URL_LENGTH || raw.includes('#') || raw.includes('@')) return null;
  let url: URL;
  let practice: URL;
  try {
    url = new URL(raw);
    practice = new URL(practiceAddress);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  // URL parsing lower-cases the host and drops a default port, so two spellings of one origin compare equal.
  if (url.origin !== practice.origin || url.origin === 'null') return null;
  return url;
}
