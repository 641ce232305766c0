import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { regionHostsStatusSchema } from '../../../src-preload/contract/desktop';
import { loadRegionalHosts, REGIONS_ENV_VAR } from '../../../src-main/regions/regional-hosts';

const builtIn = { ANZ: 'https://anz.example', UK: 'https://uk.example', ZA: 'https://za.example' };
const good = { ANZ: 'https://anz.practice.test', UK: 'https://uk.practice.test/api/', ZA: 'http://127.0.0.1:4010' };

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'pc-regions-'));
}
function writeRegions(dir: string, content: unknown, name = 'regions.json'): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}
const load = (userDataDir: string, env: Record<string, string> = {}, readText?: (path: string) => string) => {
  const status = loadRegionalHosts({ builtIn, userDataDir, env, ...(readText ? { readText } : {}) });
  regionHostsStatusSchema.parse(status);
  return status;
};

describe('regional hosts of this installation', () => {
  it('without an override: the built-in hosts, no problem', () => {
    expect(load(folder())).toEqual({ source: 'built-in', path: null, hosts: builtIn, problem: null });
  });

  it('a valid regions.json in the data folder is used (trailing slashes dropped; plain http to 127.0.0.1 allowed)', () => {
    const dir = folder();
    const path = writeRegions(dir, { _comment: 'from IT', ...good });
    expect(load(dir)).toEqual({
      source: 'user-data-file',
      path,
      hosts: { ANZ: 'https://anz.practice.test', UK: 'https://uk.practice.test/api', ZA: 'http://127.0.0.1:4010' },
      problem: null,
    });
  });

  it('the file named by the environment variable wins over the data folder file', () => {
    const dir = folder();
    writeRegions(dir, good);
    const managed = writeRegions(folder(), { ...good, ANZ: 'https://managed.example' }, 'managed.json');
    const status = load(dir, { [REGIONS_ENV_VAR]: managed });
    expect(status).toMatchObject({ source: 'environment-file', path: managed, problem: null });
    expect(status.hosts.ANZ).toBe('https://managed.example');
  });

  const bad: [string, (dir: string) => string, RegExp][] = [
    ['missing (named by the environment)', (dir) => join(dir, 'nowhere.json'), /does not exist/],
    ['not JSON', (dir) => writeRegions(dir, '{ "ANZ": ', 'x.json'), /is not valid JSON/],
    ['a region missing', (dir) => writeRegions(dir, { ANZ: good.ANZ, UK: good.UK }, 'x.json'), /not valid \(ZA: /],
    [
      'an extra region',
      (dir) => writeRegions(dir, { ...good, US: 'https://us.example' }, 'x.json'),
      /only ANZ, UK and ZA are allowed \(found US\)/,
    ],
    ['an array', (dir) => writeRegions(dir, [good], 'x.json'), /not valid/],
    [
      'plain http to another machine',
      (dir) => writeRegions(dir, { ...good, UK: 'http://uk.practice.test' }, 'x.json'),
      /UK: the address must start with https:\/\/ \(plain http only for 127\.0\.0\.1/,
    ],
    [
      'credentials in an address',
      (dir) => writeRegions(dir, { ...good, ANZ: 'https://me:pw@anz.test' }, 'x.json'),
      /ANZ: the address must not contain a user name or password \("@"\)/,
    ],
    [
      'a query',
      (dir) => writeRegions(dir, { ...good, ZA: 'https://za.test/?a=1' }, 'x.json'),
      /ZA: the address must not contain a query \("\?"\)/,
    ],
    [
      'a fragment',
      (dir) => writeRegions(dir, { ...good, ZA: 'https://za.test/#x' }, 'x.json'),
      /ZA: the address must not contain a fragment/,
    ],
    // Empty ones: the URL parser keeps them in the text but not in `search`/`hash`, so the API path would land in the query.
    [
      'an empty query',
      (dir) => writeRegions(dir, { ...good, UK: 'https://uk.test/api?' }, 'x.json'),
      /UK: the address must not contain a query/,
    ],
    [
      'an empty fragment',
      (dir) => writeRegions(dir, { ...good, UK: 'https://uk.test/#' }, 'x.json'),
      /UK: the address must not contain a fragment/,
    ],
    [
      'empty user info',
      (dir) => writeRegions(dir, { ...good, ANZ: 'https://@anz.test' }, 'x.json'),
      /ANZ: the address must not contain a user name or password/,
    ],
    [
      'a trusted-looking name before @',
      (dir) => writeRegions(dir, { ...good, ANZ: 'https://anz.practice.test@evil.test' }, 'x.json'),
      /ANZ: the address must not contain a user name or password/,
    ],
    [
      'not a URL',
      (dir) => writeRegions(dir, { ...good, ZA: 'za.test' }, 'x.json'),
      /ZA: the address is not a web address/,
    ],
    [
      'an address too long',
      (dir) => writeRegions(dir, { ...good, ZA: `https://za.test/${'a'.repeat(1_100)}` }, 'x.json'),
      /ZA: /,
    ],
    [
      'a file too big',
      (dir) => writeRegions(dir, { ...good, _comment: 'x'.repeat(20_000) }, 'x.json'),
      /larger than 16 KB/,
    ],
  ];
  it.each(bad)(
    'a bad file (%s) is reported, naming it, and ignored: the built-in hosts are used',
    (_kind, make, why) => {
      const dir = folder();
      const path = make(dir);
      const status = load(folder(), { [REGIONS_ENV_VAR]: path });
      expect(status.source).toBe('built-in');
      expect(status.hosts).toEqual(builtIn);
      expect(status.path).toBe(path);
      expect(status.problem).toContain(path);
      expect(status.problem).toMatch(why);
      expect(status.problem).toMatch(/ignored and the built-in hosts are used/);
    },
  );

  it('a bad file in the data folder is reported and ignored as well', () => {
    const dir = folder();
    writeRegions(dir, { ...good, ANZ: 'http://anz.practice.test' });
    expect(load(dir)).toMatchObject({
      source: 'built-in',
      hosts: builtIn,
      problem: expect.stringMatching(/ANZ: the address must start with https:\/\//),
    });
  });

  it('an unreadable file is reported and ignored', () => {
    const dir = folder();
    writeRegions(dir, good);
    // As the file system answers a file this user may not read (root reads any file, so it is simulated).
    const denied = () => {
      throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    };
    expect(load(dir, {}, denied)).toMatchObject({
      source: 'built-in',
      hosts: builtIn,
      problem: expect.stringMatching(/cannot be read \(no permission\)/),
    });
  });

  it('a path that cannot be read as a file (a folder) is reported and ignored', () => {
    const dir = folder();
    const status = load(folder(), { [REGIONS_ENV_VAR]: dir });
    expect(status).toMatchObject({
      source: 'built-in',
      hosts: builtIn,
      problem: expect.stringMatching(/cannot be read\./),
    });
  });

  it('loopback names other than 127.0.0.1 are allowed over http too (localhost, [::1])', () => {
    const path = writeRegions(folder(), {
      ANZ: 'http://localhost:8080',
      UK: 'http://[::1]:9000',
      ZA: 'https://za.test',
    });
    expect(load(folder(), { [REGIONS_ENV_VAR]: path })).toMatchObject({ source: 'environment-file', problem: null });
  });
});
