import { describe, expect, it } from 'vitest';
import type { ConnectInput } from '../../../src-preload/contract/practice';
import { custom, fakeServer, KEY_A, run, settingsFile } from './practice-harness';

const regional = (more: Partial<ConnectInput> = {}): ConnectInput => ({
  region: 'UK',
  clientId: 'id-a',
  secret: 'sk-a',
  remember: true,
  acceptWeakStorage: false,
  ...more,
});
const builtIn = { ANZ: 'https://anz.example', UK: 'https://uk.example', ZA: 'https://za.example' };

describe('the secret goes to an address the user confirmed', () => {
  it('a regional host a regions file changed is confirmed before the secret first goes there, like a custom address', async () => {
    const redirected = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'id-a', secret: 'sk-a' });
    const { session } = run(settingsFile(), undefined, {
      regionHosts: { ...builtIn, UK: `${redirected.url}/` },
      builtInRegionHosts: builtIn,
    });

    const asked = await session.connect(regional());
    expect(asked).toEqual({
      ok: false,
      message: expect.stringMatching(/address for the United Kingdom was changed on this laptop by a regions file/),
      confirmAddress: redirected.url,
    });
    expect((asked as { message: string }).message).toContain(redirected.url);
    expect(redirected.requests).toHaveLength(0);
    expect((await session.list()).practices).toEqual([]);

    expect(await session.connect(regional({ confirmAddress: true }))).toMatchObject({
      ok: true,
      practice: { practiceKey: KEY_A },
    });
    expect(redirected.requests).toHaveLength(1);
    // Once a practice is bound there, reconnecting is not asked again.
    expect(await session.connect(regional())).toMatchObject({ ok: true });
  });

  it('the host built into the app is not asked about', async () => {
    const host = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'id-a', secret: 'sk-a' });
    const hosts = { ...builtIn, UK: host.url };
    const { session } = run(settingsFile(), undefined, { regionHosts: hosts, builtInRegionHosts: hosts });
    expect(await session.connect(regional())).toMatchObject({ ok: true });
  });

  it('an address with "?", "#" or user info is refused, even empty ones and even confirmed: nothing is sent', async () => {
    const server = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'id-a', secret: 'sk-a' });
    const { session } = run(settingsFile());
    const host = server.url.replace('http://', '');
    for (const url of [
      `${server.url}/?`,
      `${server.url}/api?`,
      `${server.url}#`,
      `${server.url}/#`,
      `http://@${host}`,
      `http://:@${host}`,
      `http://me:pw@${host}`,
    ]) {
      expect(await session.connect(custom(url, 'id-a', 'sk-a', { confirmAddress: true })), url).toEqual({
        ok: false,
        message: expect.stringMatching(/custom address .*without a user name, password, "\?" or "#"/),
      });
    }
    expect(server.requests).toHaveLength(0);
  });

  it('a regional host with "?" or "#" is refused too (nothing is sent), saying where to fix it', async () => {
    const server = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'id-a', secret: 'sk-a' });
    for (const host of [`${server.url}/?`, `${server.url}#`]) {
      const { session } = run(settingsFile(), undefined, { regionHosts: { ...builtIn, UK: host } });
      expect(await session.connect(regional({ confirmAddress: true }))).toEqual({
        ok: false,
        message: expect.stringMatching(/for the United Kingdom is not a valid practice address.*regions file/),
      });
    }
    expect(server.requests).toHaveLength(0);
  });
});
