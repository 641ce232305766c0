import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { RawPolicy } from './managed-policy';

/**
 * Where each platform keeps machine policy, read the way VS Code, Chrome and Teams read theirs, through
 * injected pieces so each source is tested with fakes (and Linux with a real file):
 * - Linux: `/etc/practice-companion/policy.json` (PRACTICE_COMPANION_POLICY_FILE names another, for tests and
 *   for images that keep /etc read-only);
 * - Windows: `HKLM\Software\Policies\PracticeCompanion`, then `HKCU\…` for what the machine leaves unset
 *   (Group Policy and Intune write these), read with `reg query`;
 * - macOS: `/Library/Managed Preferences/<bundle id>.plist` (a configuration profile from an MDM), made JSON
 *   by `plutil`.
 */
export const LINUX_POLICY_FILE = '/etc/practice-companion/policy.json';
export const POLICY_ENV_VAR = 'PRACTICE_COMPANION_POLICY_FILE';
export const WINDOWS_POLICY_KEYS = [
  'HKLM\\Software\\Policies\\PracticeCompanion',
  'HKCU\\Software\\Policies\\PracticeCompanion',
] as const;
/** electron-builder.yml's appId: the bundle id a configuration profile names. */
export const MAC_BUNDLE_ID = 'com.practicecompanion.desktop';
export const macPolicyFile = (bundleId = MAC_BUNDLE_ID) => `/Library/Managed Preferences/${bundleId}.plist`;

/** A policy is a few settings: anything bigger is not one. */
const MAX_POLICY_BYTES = 64 * 1024;

export interface PolicySourceDeps {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** The file's text; throws with Node's `code` (ENOENT …) as fs does. */
  readFile(path: string): string;
  /** Runs a program and returns its standard output; throws when it exits non-zero (as execFileSync does). */
  run(file: string, args: readonly string[]): string;
}

const errnoOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

function fromJsonFile(path: string, deps: PolicySourceDeps): RawPolicy {
  let text: string;
  try {
    text = deps.readFile(path);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return { found: false };
    return { found: true, from: path, unreadable: 'it cannot be read' };
  }
  if (text.length > MAX_POLICY_BYTES) return { found: true, from: path, unreadable: 'it is larger than 64 KB' };
  try {
    return { found: true, from: path, value: JSON.parse(text) as unknown };
  } catch {
    return { found: true, from: path, unreadable: 'it is not JSON' };
  }
}

/** Registry value names as Group Policy writes them, and the setting each fixes. */
const REGISTRY_SETTINGS: Record<string, (policy: Record<string, unknown>, value: string | number) => void> = {
  HubUrl: (p, v) => (p.hubUrl = String(v)),
  DirectConnections: (p, v) => (p.directConnections = v === 1 ? true : v === 0 ? false : String(v)),
  Updates: (p, v) => (p.updates = String(v).toLowerCase()),
  ClientViewPinMinLength: (p, v) => (p.clientViewPinMinLength = v),
  OfflineDocuments: (p, v) => (p.offlineDocuments = v === 1 ? true : v === 0 ? false : String(v)),
  RegionHostANZ: (p, v) => (p.regionHosts = { ...(p.regionHosts as object), ANZ: String(v) }),
  RegionHostUK: (p, v) => (p.regionHosts = { ...(p.regionHosts as object), UK: String(v) }),
  RegionHostZA: (p, v) => (p.regionHosts = { ...(p.regionHosts as object), ZA: String(v) }),
};

/** `reg query KEY`'s lines: `    Name    REG_SZ    value` or `    Name    REG_DWORD    0x1`. */
function registryValues(output: string): Map<string, string | number> {
  const values = new Map<string, string | number>();
  for (const line of output.split(/\r?\n/)) {
    const match = /^\s{2,}(\S+)\s+(REG_SZ|REG_EXPAND_SZ|REG_DWORD)\s+(.*)$/.exec(line);
    if (!match) continue;
    const [, name, type, data] = match as unknown as [string, string, string, string];
    values.set(name, type === 'REG_DWORD' ? Number.parseInt(data, 16) : data.trim());
  }
  return values;
}

function fromRegistry(deps: PolicySourceDeps): RawPolicy {
  const policy: Record<string, unknown> = {};
  const read: string[] = [];
  // The user's key first, so the machine's (HKLM) values win where both set one.
  for (const key of [...WINDOWS_POLICY_KEYS].reverse()) {
    let output: string;
    try {
      output = deps.run('reg', ['query', key]);
    } catch {
      continue; // reg exits 1 when the key does not exist
    }
    read.unshift(key);
    for (const [name, value] of registryValues(output)) {
      const apply = REGISTRY_SETTINGS[name];
      if (!apply) return { found: true, from: key, unreadable: `it sets "${name}", which the app does not know` };
      apply(policy, value);
    }
  }
  return read.length === 0 ? { found: false } : { found: true, from: read.join(' and '), value: policy };
}

function fromManagedPreferences(deps: PolicySourceDeps): RawPolicy {
  const path = macPolicyFile();
  try {
    deps.readFile(path);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return { found: false };
  }
  let json: string;
  try {
    json = deps.run('/usr/bin/plutil', ['-convert', 'json', '-o', '-', path]);
  } catch {
    return { found: true, from: path, unreadable: 'plutil could not read it' };
  }
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    // A configuration profile adds its own bookkeeping keys (PayloadUUID …): they are not settings.
    for (const key of Object.keys(value)) if (key.startsWith('Payload')) delete value[key];
    return { found: true, from: path, value };
  } catch {
    return { found: true, from: path, unreadable: 'plutil did not make JSON of it' };
  }
}

/** The policy this machine sets for the app, as found (readManagedPolicy validates it). */
export function readPlatformPolicy(deps: PolicySourceDeps): RawPolicy {
  const named = deps.env[POLICY_ENV_VAR];
  if (named) return fromJsonFile(named, deps);
  if (deps.platform === 'win32') return fromRegistry(deps);
  if (deps.platform === 'darwin') return fromManagedPreferences(deps);
  if (deps.platform === 'linux') return fromJsonFile(LINUX_POLICY_FILE, deps);
  return { found: false };
}

/**
 * This machine's policy reader, over Node's fs and child_process (the glue and the preview pass it as
 * MainDeps.policy). `reg` and `plutil` are given 5 s: a policy that cannot be read by then is said as unreadable.
 */
export function nodePolicyReader(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): () => RawPolicy {
  return () =>
    readPlatformPolicy({
      platform,
      env,
      readFile: (path) => readFileSync(path, 'utf8'),
      run: (file, args) => execFileSync(file, [...args], { encoding: 'utf8', timeout: 5_000, windowsHide: true }),
    });
}
