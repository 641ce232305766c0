import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * Floors for dependencies whose earlier versions have known security defects. The installed copy (what is
 * bundled and shipped) is checked, not only what package.json asks for, so a stale lock file fails too.
 */
const floors: Record<string, string> = {
  'pdfjs-dist': '6.2.108',
  electron: '45.5.0',
  'react-router': '7.18.6',
};

const require = createRequire(import.meta.url);

function installedVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string };
  return manifest.version;
}

/** Negative when a < b; compares major.minor.patch numerically (a pre-release counts as below its release). */
function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core = '', pre] = v.split('-', 2);
    return { parts: core.split('.').map((n) => Number.parseInt(n, 10) || 0), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i += 1) {
    const diff = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (diff !== 0) return diff;
  }
  if (x.pre && !y.pre) return -1;
  if (!x.pre && y.pre) return 1;
  return 0;
}

describe('dependency version floors', () => {
  it('compares versions numerically, not as text', () => {
    expect(compareVersions('6.10.0', '6.2.108')).toBeGreaterThan(0);
    expect(compareVersions('6.2.107', '6.2.108')).toBeLessThan(0);
    expect(compareVersions('6.2.108', '6.2.108')).toBe(0);
    expect(compareVersions('6.2.108-beta.1', '6.2.108')).toBeLessThan(0);
    expect(compareVersions('5.9.999', '6.2.108')).toBeLessThan(0);
  });

  for (const [name, floor] of Object.entries(floors)) {
    it(`${name} is installed at ${floor} or later`, () => {
      const version = installedVersion(name);
      expect(compareVersions(version, floor), `${name} ${version} is below ${floor}`).toBeGreaterThanOrEqual(0);
    });
  }
});
