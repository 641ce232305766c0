import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { RegionHostsStatus } from '../../src-preload/contract/desktop';
import type { Region } from '../../src-preload/contract/partner-api';
import { checkServerAddress } from '../security/server-address';

/** The administrator's file in the data folder; the environment variable names another file and wins. */
export const REGIONS_FILE_NAME = 'regions.json';
export const REGIONS_ENV_VAR = 'PRACTICE_COMPANION_REGIONS_FILE';

/** A regions file is three addresses and a comment: anything bigger is not one. */
const MAX_FILE_BYTES = 16 * 1024;
const MAX_HOST_LENGTH = 1_000;
const MAX_PATH_SHOWN = 500;

/** Each host follows the one rule for an address the secret may be sent to (security/server-address.ts), said in words. */
const hostSchema = z
  .string()
  .max(MAX_HOST_LENGTH)
  .superRefine((raw, context) => {
    const checked = checkServerAddress(raw);
    if (!checked.ok) context.addIssue({ code: 'custom', message: `the address ${checked.problem}` });
  });

/** Exactly the three regions; `_comment` is allowed because the built-in file carries one an administrator may copy. */
const regionsFileSchema = z.strictObject({
  _comment: z.string().max(2_000).optional(),
  ANZ: hostSchema,
  UK: hostSchema,
  ZA: hostSchema,
});

export type RegionHosts = Record<Region, string>;

/** Only called on a host the schema accepted. */
const normalise = (host: string): string => {
  const checked = checkServerAddress(host);
  if (!checked.ok) throw new Error(`Regional host ${checked.problem}.`);
  return checked.address;
};

const shown = (path: string): string => (path.length > MAX_PATH_SHOWN ? `…${path.slice(-(MAX_PATH_SHOWN - 1))}` : path);

/** Reads, parses and validates one file; a sentence saying what is wrong, or the hosts. */
function readRegionsFile(path: string, read: (path: string) => string): { hosts: RegionHosts } | { problem: string } {
  const ignored = 'It is ignored and the built-in hosts are used.';
  let text: string;
  try {
    if (statSync(path).size > MAX_FILE_BYTES)
      return { problem: `The regions file ${shown(path)} is larger than 16 KB. ${ignored}` };
    text = read(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'does not exist'
        : code === 'EACCES' || code === 'EPERM'
          ? 'cannot be read (no permission)'
          : 'cannot be read';
    return { problem: `The regions file ${shown(path)} ${why}. ${ignored}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: `The regions file ${shown(path)} is not valid JSON. ${ignored}` };
  }
  const parsed = regionsFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    const what =
      issue?.code === 'unrecognized_keys'
        ? `only ANZ, UK and ZA are allowed (found ${issue.keys.slice(0, 5).join(', ')})`
        : issue?.message;
    return {
      problem:
        `The regions file ${shown(path)} is not valid (${where}${what ?? 'unexpected content'}). ${ignored}`.slice(
          0,
          1_000,
        ),
    };
  }
  const { ANZ, UK, ZA } = parsed.data;
  return { hosts: { ANZ: normalise(ANZ), UK: normalise(UK), ZA: normalise(ZA) } };
}

/**
 * The regional hosts of this installation: the built-in list, overridden by `regions.json` in the data
 * folder, or by the file named in PRACTICE_COMPANION_REGIONS_FILE (which wins, so an administrator can
 * point every user at one managed file). A bad file is reported and ignored, never half-used: the app
 * still starts, on the built-in hosts, and Settings says what was wrong.
 */
export function loadRegionalHosts(options: {
  builtIn: RegionHosts;
  userDataDir: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether a file exists, to tell "no override" from "override missing"; default the file system. */
  exists?: (path: string) => boolean;
  /** Reads a file as text; default the file system. */
  readText?: (path: string) => string;
}): RegionHostsStatus {
  const exists =
    options.exists ??
    ((path: string) => {
      try {
        statSync(path);
        return true;
      } catch {
        return false;
      }
    });
  // With a refused file, `path` names it, so Settings can say which file to fix.
  const builtIn = (problem: string | null, path: string | null): RegionHostsStatus => ({
    source: 'built-in',
    path,
    hosts: { ...options.builtIn },
    problem,
  });

  const fromEnv = options.env[REGIONS_ENV_VAR]?.trim();
  // A named file that is missing is a problem worth telling; an absent data-folder file just means no override.
  const candidate = fromEnv
    ? { source: 'environment-file' as const, path: fromEnv }
    : exists(join(options.userDataDir, REGIONS_FILE_NAME))
      ? { source: 'user-data-file' as const, path: join(options.userDataDir, REGIONS_FILE_NAME) }
      : null;
  if (!candidate) return builtIn(null, null);

  const result = readRegionsFile(candidate.path, options.readText ?? ((path) => readFileSync(path, 'utf8')));
  if ('problem' in result) return builtIn(result.problem, shown(candidate.path));
  return { source: candidate.source, path: shown(candidate.path), hosts: result.hosts, problem: null };
}
