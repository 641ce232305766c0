import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Zippable } from 'fflate';
import type { CrashDump } from './crash-dumps';
import { redactText } from './redact';

/** A bundle is mailed to support: the newest dumps fit, the rest are named in the diagnostics only. */
export const MAX_DUMP_BYTES_IN_BUNDLE = 40 * 1024 * 1024;

export interface SupportBundleParts {
  /** "Copy diagnostics"'s text (already redacted). */
  diagnostics: string;
  /** The app's log folder: every file in it, redacted once more as a whole. */
  logsDir: string | null;
  dumps: readonly CrashDump[];
  readFile?: (path: string) => Promise<Uint8Array>;
}

/**
 * One zip for support: `diagnostics.txt`, `logs/…` (the app's rotated log files, each redacted again — a line
 * written before a redaction rule existed must not leave the laptop) and `crash-dumps/…` (the newest minidumps
 * within 40 MB; they hold memory of the crashed process, which is why the user chooses to send them). Returns the
 * zip and what it left out.
 */
export async function buildSupportBundle(parts: SupportBundleParts): Promise<{ zip: Uint8Array; leftOut: string[] }> {
  // Loaded when a bundle is asked for: main's start-up code stays without it (test/integration/start-bundle).
  const { strToU8, zipSync } = await import('fflate');
  const read = parts.readFile ?? ((path: string) => readFile(path));
  const files: Zippable = { 'diagnostics.txt': strToU8(parts.diagnostics) };
  const leftOut: string[] = [];
  if (parts.logsDir) {
    const names = await readdir(parts.logsDir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.log')).sort()) {
      const text = await read(join(parts.logsDir, name)).then(
        (bytes) => new TextDecoder().decode(bytes),
        () => null,
      );
      if (text === null) leftOut.push(`logs/${name} (could not be read)`);
      else files[`logs/${name}`] = strToU8(redactText(text));
    }
  }
  let dumpBytes = 0;
  for (const dump of parts.dumps) {
    if (dumpBytes + dump.bytes > MAX_DUMP_BYTES_IN_BUNDLE) {
      leftOut.push(`crash-dumps/${dump.name} (over the bundle's 40 MB)`);
      continue;
    }
    const bytes = await read(dump.path).catch(() => null);
    if (!bytes) {
      leftOut.push(`crash-dumps/${dump.name} (could not be read)`);
      continue;
    }
    dumpBytes += bytes.length;
    // Stored, not deflated: a minidump barely compresses, and level 0 keeps a large one fast.
    files[`crash-dumps/${dump.name}`] = [bytes, { level: 0 }];
  }
  if (leftOut.length > 0) files['left-out.txt'] = strToU8(`${leftOut.join('\n')}\n`);
  return { zip: zipSync(files, { level: 6 }), leftOut };
}
