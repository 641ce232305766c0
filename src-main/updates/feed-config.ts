import { z } from 'zod';

/**
 * What the packaged `app-update.yml` says about the update feed, and what that allows on this platform.
 * Plain code (the glue in src-main/electron/updater.ts reads the file): updates fail closed. electron-updater
 * trusts a generic feed's own SHA-512 for what it downloads, so the feed itself must be https; on Windows it
 * checks the installer's signature only when the file names a publisher, and on Linux it checks none at all.
 */

/** The top-level keys electron-builder writes (`provider`, `url`, `publisherName` as a string or a list …). */
const appUpdateFileSchema = z.object({
  provider: z.string().optional(),
  url: z.string().max(2_000).optional(),
  publisherName: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
});
export type AppUpdateFile = z.infer<typeof appUpdateFileSchema>;

/**
 * Reads the flat YAML electron-builder writes: `key: value` lines and `key:` followed by `  - item` lines.
 * Anything else (nested maps, anchors) is ignored; a value that does not fit the schema makes the file invalid.
 */
export function parseAppUpdateFile(text: string): AppUpdateFile | null {
  const fields: Record<string, string | string[]> = {};
  let listKey: string | null = null;
  for (const raw of text.slice(0, 20_000).split(/\r?\n/)) {
    const line = raw.replace(/\s+#.*$/, '');
    const item = /^\s+-\s+(.+)$/.exec(line);
    if (item && listKey) {
      const list = fields[listKey];
      if (Array.isArray(list)) list.push(unquote(item[1] ?? ''));
      continue;
    }
    const pair = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!pair) continue;
    const key = pair[1] ?? '';
    const value = (pair[2] ?? '').trim();
    listKey = value === '' ? key : null;
    fields[key] = value === '' ? [] : unquote(value);
  }
  const parsed = appUpdateFileSchema.safeParse(fields);
  return parsed.success ? parsed.data : null;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  const quoted = /^(['"])(.*)\1$/.exec(trimmed);
  return quoted ? (quoted[2] ?? '') : trimmed;
}

/** What the app may do with a feed on this platform. */
export type FeedDecision =
  | { updates: 'install' }
  | { updates: 'notify-only'; downloadPage: string }
  | { updates: 'off'; reason: 'invalid-feed' | 'insecure-feed' | 'unsigned-windows' };

/** The feed's address when it is a well-formed https URL without credentials; null otherwise. */
export function httpsFeedUrl(url: string | undefined): URL | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return null;
  return parsed;
}

/**
 * The one rule for what an update feed allows. Only the generic provider is configured by packaging;
 * an http feed (or none readable) turns updates off everywhere. Windows installs only when a publisher is
 * named, so electron-updater checks the installer's Authenticode signature against it. Linux packages
 * (AppImage, deb) are never verified by electron-updater, so Linux is told a version exists and where to
 * get it, and installs nothing itself. macOS installs: Squirrel.Mac checks the update's code signature.
 */
export function decideFeed(file: AppUpdateFile | null, platform: NodeJS.Platform): FeedDecision {
  if (!file || (file.provider !== undefined && file.provider !== 'generic'))
    return { updates: 'off', reason: 'invalid-feed' };
  if (file.url === undefined) return { updates: 'off', reason: 'invalid-feed' };
  const url = httpsFeedUrl(file.url);
  if (!url) return { updates: 'off', reason: 'insecure-feed' };
  if (platform === 'win32' && file.publisherName === undefined) return { updates: 'off', reason: 'unsigned-windows' };
  if (platform === 'linux') return { updates: 'notify-only', downloadPage: `${url.origin}${url.pathname}` };
  return { updates: 'install' };
}
