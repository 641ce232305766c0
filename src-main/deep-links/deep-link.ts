import { z } from 'zod';
import { openRecordSchema, type OpenRecord } from '../../src-preload/contract/desktop';

/** The app's URL scheme, registered with the OS (and in the packaged app's Info.plist / registry entries). */
export const DEEP_LINK_SCHEME = 'practice-companion';

/** Longer than any valid link (scheme + host + uuid + slash is under 70 characters); anything longer is refused unread. */
export const MAX_DEEP_LINK_LENGTH = 100;

/**
 * The whole link, character by character: the exact lowercase scheme, a host that is `client` or
 * `onboarding`, one path segment of uuid characters and at most one trailing slash (Windows sometimes
 * adds one). No credentials, port, query, fragment, percent-encoding, dot segments or look-alike
 * characters can match, so the link is never handed to a URL parser that might normalise them away.
 */
const linkPattern = new RegExp(`^${DEEP_LINK_SCHEME}://(client|onboarding)/([0-9A-Fa-f-]{36})/?$`);

const deepLinkSchema = z
  .string()
  .max(MAX_DEEP_LINK_LENGTH)
  .regex(linkPattern)
  .transform((link) => {
    const [, kind, key] = linkPattern.exec(link) ?? [];
    return { kind, key: key?.toLowerCase() };
  })
  .pipe(openRecordSchema);

/** A link from the OS → the record it names, or null for anything else (the caller logs and ignores it). */
export function parseDeepLink(link: unknown): OpenRecord | null {
  const parsed = deepLinkSchema.safeParse(link);
  return parsed.success ? parsed.data : null;
}

/**
 * The argument of a command line that claims to be one of our links (Windows and Linux pass the link
 * as an argument, to the first launch and to a second instance). Chromium may reorder or add
 * arguments, so every one is looked at; only those starting with our scheme count, so ordinary flags
 * are never reported as bad links.
 */
export function findDeepLinkArgument(argv: readonly string[]): string | undefined {
  const prefix = `${DEEP_LINK_SCHEME}:`;
  return argv.find((arg) => typeof arg === 'string' && arg.slice(0, prefix.length).toLowerCase() === prefix);
}

/** A refused link as it may appear in a log line: quoted, capped, control characters escaped. */
export function describeRefusedLink(link: unknown): string {
  if (typeof link !== 'string') return `(${typeof link})`;
  const shown = JSON.stringify(link.slice(0, 80));
  return link.length > 80 ? `${shown}… (${link.length} characters)` : shown;
}
