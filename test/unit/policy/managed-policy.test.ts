import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readManagedPolicy } from '../../../src-main/policy/managed-policy';
import {
  LINUX_POLICY_FILE,
  macPolicyFile,
  nodePolicyReader,
  readPlatformPolicy,
  WINDOWS_POLICY_KEYS,
  type PolicySourceDeps,
} from '../../../src-main/policy/policy-sources';

const missing = (): never => {
  throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
};

/** A machine with these files and these programs' outputs (a program not listed exits non-zero). */
function machine(
  platform: NodeJS.Platform,
  files: Record<string, string>,
  programs: Record<string, string> = {},
): PolicySourceDeps & { ran: string[] } {
  const ran: string[] = [];
  return {
    platform,
    env: {},
    ran,
    readFile: (path) => files[path] ?? missing(),
    run: (file, args) => {
      const command = [file, ...args].join(' ');
      ran.push(command);
      const output = programs[command];
      if (output === undefined) throw new Error(`${command} exited 1`);
      return output;
    },
  };
}

const folder = mkdtempSync(join(tmpdir(), 'policy-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the administrator's policy", () => {
  it('on Linux, reads /etc/practice-companion/policy.json and validates it', () => {
    const linux = machine('linux', {
      [LINUX_POLICY_FILE]: JSON.stringify({
        _comment: 'Set by Contoso IT',
        hubUrl: 'https://hub.contoso.example:4020/',
        directConnections: false,
        updates: 'off',
        clientViewPinMinLength: 6,
        offlineDocuments: false,
        regionHosts: { UK: 'https://uk.partner.example' },
      }),
    });
    expect(readManagedPolicy(readPlatformPolicy(linux))).toEqual({
      managed: {
        hubUrl: 'https://hub.contoso.example:4020',
        directConnections: false,
        updates: 'off',
        clientViewPinMinLength: 6,
        offlineDocuments: false,
        regionHosts: { UK: 'https://uk.partner.example' },
      },
      from: LINUX_POLICY_FILE,
      problem: null,
    });
    expect(readManagedPolicy(readPlatformPolicy(machine('linux', {})))).toEqual({
      managed: {},
      from: null,
      problem: null,
    });
  });

  it.each([
    ['not JSON', '{ hubUrl: ', 'it is not JSON'],
    ['an unknown setting', JSON.stringify({ hubURL: 'https://hub.example' }), 'Unrecognized key'],
    [
      'an insecure hub',
      JSON.stringify({ hubUrl: 'http://hub.office.example' }),
      '"hubUrl" the address must start with https://',
    ],
    ['a PIN too short', JSON.stringify({ clientViewPinMinLength: 2 }), '"clientViewPinMinLength"'],
    ['updates as a word it does not know', JSON.stringify({ updates: 'weekly' }), '"updates"'],
  ])('ignores a policy with %s as a whole, and says why', (_what, text, said) => {
    const status = readManagedPolicy(readPlatformPolicy(machine('linux', { [LINUX_POLICY_FILE]: text })));
    expect(status.managed).toEqual({});
    expect(status.from).toBe(LINUX_POLICY_FILE);
    expect(status.problem).toContain(`The administrator's policy in ${LINUX_POLICY_FILE} is ignored`);
    expect(status.problem).toContain(said);
  });

  it('on Windows, reads the Policies key of the machine over the user’s, with reg query', () => {
    const [machineKey, userKey] = WINDOWS_POLICY_KEYS;
    const windows = machine(
      'win32',
      {},
      {
        [`reg query ${machineKey}`]: [
          '',
          machineKey,
          '    HubUrl    REG_SZ    https://hub.contoso.example',
          '    Updates    REG_SZ    Off',
          '    DirectConnections    REG_DWORD    0x0',
          '',
        ].join('\r\n'),
        [`reg query ${userKey}`]: [
          userKey,
          '    HubUrl    REG_SZ    https://somewhere-else.example',
          '    ClientViewPinMinLength    REG_DWORD    0x8',
          '    OfflineDocuments    REG_DWORD    0x0',
        ].join('\r\n'),
      },
    );
    expect(readManagedPolicy(readPlatformPolicy(windows))).toEqual({
      managed: {
        hubUrl: 'https://hub.contoso.example',
        updates: 'off',
        directConnections: false,
        clientViewPinMinLength: 8,
        offlineDocuments: false,
      },
      from: `${machineKey} and ${userKey}`,
      problem: null,
    });
    expect(readPlatformPolicy(machine('win32', {}))).toEqual({ found: false });
    const unknown = machine('win32', {}, { [`reg query ${machineKey}`]: '    AutoUpdate    REG_DWORD    0x0' });
    expect(readManagedPolicy(readPlatformPolicy(unknown)).problem).toContain(
      '"AutoUpdate", which the app does not know',
    );
  });

  it('on macOS, reads the managed preferences a profile installs, without its Payload keys', () => {
    const plist = macPolicyFile();
    const mac = machine(
      'darwin',
      { [plist]: 'bplist00…' },
      {
        [`/usr/bin/plutil -convert json -o - ${plist}`]: JSON.stringify({
          PayloadUUID: 'A0B1',
          updates: 'off',
          hubUrl: 'https://hub.contoso.example',
        }),
      },
    );
    expect(readManagedPolicy(readPlatformPolicy(mac))).toEqual({
      managed: { updates: 'off', hubUrl: 'https://hub.contoso.example' },
      from: plist,
      problem: null,
    });
    expect(readPlatformPolicy(machine('darwin', {}))).toEqual({ found: false });
    const broken = machine('darwin', { [plist]: 'garbage' });
    expect(readManagedPolicy(readPlatformPolicy(broken)).problem).toContain('plutil could not read it');
  });

  it('reads a real file named by PRACTICE_COMPANION_POLICY_FILE on any platform', () => {
    const file = join(folder, 'policy.json');
    writeFileSync(file, JSON.stringify({ updates: 'off', hubUrl: 'https://hub.contoso.example' }));
    const read = nodePolicyReader({ PRACTICE_COMPANION_POLICY_FILE: file }, 'win32');
    expect(readManagedPolicy(read())).toEqual({
      managed: { updates: 'off', hubUrl: 'https://hub.contoso.example' },
      from: file,
      problem: null,
    });
    expect(nodePolicyReader({ PRACTICE_COMPANION_POLICY_FILE: join(folder, 'none.json') })()).toEqual({ found: false });
  });
});
