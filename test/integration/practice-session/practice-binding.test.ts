import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import { authValidationSchema } from '../../../src-preload/contract/partner-api';
import { custom, fakeServer, KEY_A, KEY_B, run, settingsFile, storedRecords } from './practice-harness';

describe('a practice is bound to the address and Client ID it was connected with', () => {
  it('refuses a custom server that answers with the key of a practice already connected from another address', async () => {
    const first = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'id-a', secret: 'sk-a' });
    const impostor = await fakeServer({
      practiceKey: KEY_A,
      name: 'Harbourside',
      clientId: 'id-evil',
      secret: 'sk-evil',
    });
    const file = settingsFile();
    const { session } = run(file);
    expect(await session.connect(custom(first.url, 'id-a', 'sk-a', { confirmAddress: true }))).toMatchObject({
      ok: true,
      practice: { practiceKey: KEY_A },
    });
    const before = storedRecords(file);

    const answer = await session.connect(custom(impostor.url, 'id-evil', 'sk-evil', { confirmAddress: true }));
    expect(answer).toEqual({
      ok: false,
      message: expect.stringContaining(
        `This server says it is Harbourside, which is already connected on this laptop from ${first.url}`,
      ),
    });
    expect(answer.ok ? '' : answer.message).toMatch(/Sign out of that practice first/);
    expect(storedRecords(file)).toEqual(before);
    // The outbox still sends to the first address, with the first secret.
    const target = session.writeTarget(KEY_A)!;
    first.requests.length = 0;
    await target.api.request('GET', '/auth/validate', authValidationSchema, { priority: 'interactive' });
    expect(first.requests).toEqual([{ path: '/api/v1/auth/validate', clientId: 'id-a' }]);
    expect(impostor.requests).toHaveLength(1); // its one validation, before the refusal
    expect(session.activeBaseUrl()).toBe(first.url);
  });

  it('refuses a server that answers with the same practice key in another letter case (one spelling of a key here)', async () => {
    const first = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'id-a', secret: 'sk-a' });
    const impostor = await fakeServer({
      practiceKey: KEY_A.toUpperCase(),
      name: 'Harbourside',
      clientId: 'id-evil',
      secret: 'sk-evil',
    });
    const file = settingsFile();
    const { session } = run(file);
    expect((await session.connect(custom(first.url, 'id-a', 'sk-a', { confirmAddress: true }))).ok).toBe(true);
    const answer = await session.connect(custom(impostor.url, 'id-evil', 'sk-evil', { confirmAddress: true }));
    expect(answer).toMatchObject({ ok: false, message: expect.stringContaining('already connected on this laptop') });
    expect(storedRecords(file)).toHaveLength(1);
    expect((await session.list()).practices.map((p) => p.practiceKey)).toEqual([KEY_A]);
  });

  it('a server-chosen name of any length is kept within bounds, and one damaged record never takes the others with it', async () => {
    const longName = await fakeServer({
      practiceKey: KEY_A,
      name: 'N'.repeat(5_000),
      clientId: 'id-a',
      secret: 'sk-a',
    });
    const other = await fakeServer({ practiceKey: KEY_B, name: 'Northgate', clientId: 'id-b', secret: 'sk-b' });
    const file = settingsFile();
    const cipher = createSessionCipher();
    const { session } = run(file, cipher);
    const connected = await session.connect(custom(longName.url, 'id-a', 'sk-a', { confirmAddress: true }));
    expect(connected.ok && connected.practice.name.length).toBe(200);
    expect((await session.connect(custom(other.url, 'id-b', 'sk-b', { confirmAddress: true }))).ok).toBe(true);

    // Something damages one record between two runs.
    const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>[]>;
    data['vault.practices']![0]!.region = 'Atlantis';
    writeFileSync(file, JSON.stringify(data));
    const next = run(file, cipher).session;
    await next.restore();
    const list = await next.list();
    // The damaged one is still listed (locked), so nothing of it is treated as forgotten.
    expect(list.practices.map((p) => [p.practiceKey, p.problem !== null])).toEqual([
      [KEY_A, true],
      [KEY_B, false],
    ]);
    // The other practice is still bound: an impostor is still refused, and saving keeps the damaged record.
    const impostor = await fakeServer({
      practiceKey: KEY_B,
      name: 'Northgate',
      clientId: 'id-evil',
      secret: 'sk-evil',
    });
    expect((await next.connect(custom(impostor.url, 'id-evil', 'sk-evil', { confirmAddress: true }))).ok).toBe(false);
    expect((await next.connect(custom(other.url, 'id-b', 'sk-b'))).ok).toBe(true);
    expect(
      storedRecords(file)
        .map((r) => r.practiceKey)
        .sort(),
    ).toEqual([KEY_A, KEY_B]);
  });

  it('a custom address carries no user name, password, query or fragment, and has a length limit', async () => {
    const { session } = run(settingsFile());
    for (const url of [
      'https://u:p@practice.example',
      'https://practice.example/?x=1',
      'https://practice.example/#x',
      `https://practice.example/${'a'.repeat(1_100)}`,
    ]) {
      expect(await session.connect(custom(url, 'id', 'sk', { confirmAddress: true })), url).toMatchObject({
        ok: false,
        message: expect.stringMatching(/custom address/),
      });
    }
  });

  it('the same address with another Client ID is refused too; the same pair reconnects', async () => {
    const server = await fakeServer({ practiceKey: KEY_B, name: 'Northgate', clientId: 'id-b', secret: 'sk-b' });
    const { session } = run(settingsFile());
    expect((await session.connect(custom(server.url, 'id-b', 'sk-b', { confirmAddress: true }))).ok).toBe(true);
    expect(await session.connect(custom(server.url, 'id-b', 'sk-b'))).toMatchObject({ ok: true }); // bound address: no confirmation
    const other = await fakeServer({ practiceKey: KEY_B, name: 'Northgate', clientId: 'id-b2', secret: 'sk-b2' });
    expect((await session.connect(custom(other.url, 'id-b2', 'sk-b2', { confirmAddress: true }))).ok).toBe(false);
  });

  it('locks a practice whose address or Client ID was edited in the settings file, and never sends its secret there', async () => {
    for (const field of ['baseUrl', 'clientId'] as const) {
      const honest = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'id-a', secret: 'sk-a' });
      const counting = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'id-a', secret: 'sk-a' });
      const file = settingsFile();
      const cipher = createSessionCipher();
      expect(
        (await run(file, cipher).session.connect(custom(honest.url, 'id-a', 'sk-a', { confirmAddress: true }))).ok,
      ).toBe(true);

      // Between two runs, something rewrites the plain record.
      const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { baseUrl: string; clientId: string }[]>;
      if (field === 'baseUrl') data['vault.practices']![0]!.baseUrl = counting.url;
      else data['vault.practices']![0]!.clientId = 'id-edited';
      writeFileSync(file, JSON.stringify(data));

      const { session } = run(file, cipher);
      await session.restore();
      // What the app does next: reads through the practice's target (documents, reads, the outbox).
      await session
        .readTarget(KEY_A)
        ?.api.request('GET', '/auth/validate', authValidationSchema, { priority: 'interactive' });
      expect(counting.requests).toHaveLength(0);
      const list = await session.list();
      expect(list.practices[0]!.problem).toBe(
        'The saved address or Client ID of this practice was changed outside the app, so its secret is locked. Enter the secret again to reconnect.',
      );
      expect(list.activePracticeKey).toBeNull();
      expect(session.writeTarget(KEY_A)).toBeNull();
      expect(session.readTarget(KEY_A)).toBeNull();
      expect(session.startSync(KEY_A, [])).toBe(false);
      expect(counting.requests).toHaveLength(0);
      // Entering the secret again at the address it was connected with unlocks it.
      expect(await session.connect(custom(honest.url, 'id-a', 'sk-a'))).toMatchObject({
        ok: true,
        practice: { problem: null },
      });
      expect(counting.requests).toHaveLength(0);
    }
  });
});

describe('the secret goes only where the user chose', () => {
  it('after a 401 no other regional host is tried; the other regions are suggested', async () => {
    const hosts = {
      ANZ: await fakeServer({ practiceKey: KEY_A, name: 'A', clientId: 'other', secret: 'other' }),
      UK: await fakeServer({ practiceKey: KEY_B, name: 'B', clientId: 'id-b', secret: 'sk-b' }),
      ZA: await fakeServer({ practiceKey: KEY_B, name: 'B', clientId: 'id-b', secret: 'sk-b' }),
    };
    const { session } = run(settingsFile(), undefined, {
      regionHosts: { ANZ: hosts.ANZ.url, UK: hosts.UK.url, ZA: hosts.ZA.url },
    });
    const answer = await session.connect({
      region: 'ANZ',
      clientId: 'id-b',
      secret: 'sk-b',
      remember: false,
      acceptWeakStorage: false,
    });
    expect(hosts.ANZ.requests).toHaveLength(1);
    expect(hosts.UK.requests).toHaveLength(0);
    expect(hosts.ZA.requests).toHaveLength(0);
    expect(answer).toEqual({
      ok: false,
      message: expect.stringMatching(
        /did not accept these credentials.*If your practice is in another region, choose it and connect again\./,
      ),
      otherRegions: ['UK', 'ZA'],
    });
  });

  it('asks before the secret is first sent to a custom address, and connects once confirmed', async () => {
    const server = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'id-a', secret: 'sk-a' });
    const { session } = run(settingsFile());
    const asked = await session.connect(custom(`${server.url}/`, 'id-a', 'sk-a'));
    expect(asked).toEqual({ ok: false, message: expect.stringContaining(server.url), confirmAddress: server.url });
    expect(server.requests).toHaveLength(0);
    expect((await session.list()).practices).toEqual([]);
    expect(await session.connect(custom(server.url, 'id-a', 'sk-a', { confirmAddress: true }))).toMatchObject({
      ok: true,
      practice: { practiceKey: KEY_A },
    });
    expect(server.requests).toHaveLength(1);
  });

  it('refuses plain http to anything but this laptop', async () => {
    const { session } = run(settingsFile());
    const answer = await session.connect(custom('http://example.com', 'x', 'y', { confirmAddress: true }));
    expect(answer).toEqual({ ok: false, message: expect.stringMatching(/https:\/\//) });
  });
});

describe('sign-out reports each part', () => {
  it('a failing documents wipe is reported, not thrown; the practice still leaves the list and its credentials are gone', async () => {
    const server = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'id-a', secret: 'sk-a' });
    const file = settingsFile();
    const forgotten: string[] = [];
    const { session } = run(file, undefined, {
      wipeDocuments: () => Promise.reject(new Error('EBUSY: resource busy')),
      forgotten,
    });
    expect((await session.connect(custom(server.url, 'id-a', 'sk-a', { confirmAddress: true }))).ok).toBe(true);

    const result = await session.signOut(KEY_A);
    expect(result).toEqual({
      removed: true,
      wiped: { credentials: true, documents: false, budget: true },
      message: expect.stringMatching(/^Signed out of Harbourside, but its saved documents.*next time the app starts/),
    });
    expect((await session.list()).practices).toEqual([]);
    expect((await session.list()).activePracticeKey).toBeNull();
    expect(storedRecords(file)).toEqual([]);
    expect(session.writeTarget(KEY_A)).toBeNull();
    expect(forgotten).toEqual(['id-a']);
  });

  it('keeps the request budget while another practice here uses the same Client ID; all parts done means no message', async () => {
    const a = await fakeServer({ practiceKey: KEY_A, name: 'Harbourside', clientId: 'shared', secret: 'sk' });
    const b = await fakeServer({ practiceKey: KEY_B, name: 'Northgate', clientId: 'shared', secret: 'sk' });
    const forgotten: string[] = [];
    const { session } = run(settingsFile(), undefined, { forgotten });
    await session.connect(custom(a.url, 'shared', 'sk', { confirmAddress: true }));
    await session.connect(custom(b.url, 'shared', 'sk', { confirmAddress: true }));
    expect(await session.signOut(KEY_A)).toEqual({
      removed: true,
      wiped: { credentials: true, documents: true, budget: true },
      message: null,
    });
    expect(forgotten).toEqual([]);
    expect(await session.signOut(KEY_B)).toMatchObject({ removed: true, message: null });
    expect(forgotten).toEqual(['shared']);
  });
});
