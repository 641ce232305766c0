import { describe, expect, it } from 'vitest';
import { createMemoryLogger, MAX_LINE_CHARS } from '../../../src-main/logging/logger';
import { capText, formatRedacted, redactText, redactValue, registerSecret } from '../../../src-main/logging/redact';
import { freshRedactor } from '../../support/fresh-redactor';
import { allSecrets, BASIC, BEARER, CLIENT_ID, SECRET, secretMessages, SIGNED_URL } from './secret-samples';

const leaks = (text: string): string[] => allSecrets.filter((secret) => text.includes(secret));

describe('the redactor', () => {
  for (const [kind, message] of Object.entries(secretMessages)) {
    it(`removes ${kind}`, () => {
      registerSecret(SECRET);
      const out = redactText(message);
      expect(leaks(out)).toEqual([]);
      expect(out).toContain('[redacted]');
    });
  }

  it('removes header and JSON secrets even when the secret was never registered', async () => {
    const fresh = await freshRedactor();
    for (const [kind, message] of Object.entries(secretMessages)) {
      if (kind.includes('registered')) continue;
      expect(leaks(fresh.redactText(message)), kind).toEqual([]);
    }
  });

  it('keeps what support needs: the URL without its query, the header names, the scheme, ordinary words', () => {
    expect(redactText(`GET ${SIGNED_URL}`)).toBe('GET https://files.example.com/practice/doc.pdf?[redacted]');
    expect(redactText(`Authorization: Basic ${BASIC}`)).toBe('Authorization: Basic [redacted]');
    expect(redactText(`X-Svc-Auth-Key: ${SECRET}`)).toBe('X-Svc-Auth-Key: [redacted]');
    expect(redactText(JSON.stringify({ secret: SECRET, name: 'Smith & Co' }))).toBe(
      '{"secret":"[redacted]","name":"Smith & Co"}',
    );
    expect(redactText('The secret was kept for the last session only.')).toBe(
      'The secret was kept for the last session only.',
    );
    expect(redactText('Sync failed: 503 from https://api.example.com/v1/clients')).toBe(
      'Sync failed: 503 from https://api.example.com/v1/clients',
    );
  });

  it('keeps record ids, flags and ordinary paths: only credentials are removed', () => {
    expect(redactText(`GET https://api.example.com/api/v1/clients/${CLIENT_ID}/documents`)).toBe(
      `GET https://api.example.com/api/v1/clients/${CLIENT_ID}/documents`,
    );
    expect(redactText('GET /practice/quarterly-statements-for-the-whole-year/summary.pdf')).toBe(
      'GET /practice/quarterly-statements-for-the-whole-year/summary.pdf',
    );
    expect(redactText('{"userKey":"u1","hasSignature":true}')).toBe('{"userKey":"u1","hasSignature":true}');
    expect(redactText('GET https://files.example.com/doc.pdf#page=2')).toBe(
      'GET https://files.example.com/doc.pdf#[redacted]',
    );
    expect(redactText('see https://support.example.com/help#updates')).toBe(
      'see https://support.example.com/help#updates',
    );
    expect(formatRedacted([{ hookUrl: 'https://hooks.example.com/in', webhookSecret: 'whsec_x1y2z3w4' }])).toBe(
      "{ hookUrl: 'https://hooks.example.com/in', webhookSecret: '[redacted]' }",
    );
  });

  it('is idempotent: redacting twice changes nothing more', () => {
    registerSecret(SECRET);
    for (const message of Object.values(secretMessages))
      expect(redactText(redactText(message))).toBe(redactText(message));
  });

  it('redacts structured values: secret-named fields, headers, nested objects and cycles', () => {
    const value: Record<string, unknown> = {
      headers: { 'X-Svc-Auth-Key': SECRET, 'X-Svc-Auth-ID': CLIENT_ID },
      body: { secret: SECRET },
      url: SIGNED_URL,
    };
    value['self'] = value;
    const out = formatRedacted(['request', value, new Headers({ authorization: `Basic ${BASIC}` })]);
    expect(leaks(out)).toEqual([]);
    expect(out).toContain('doc.pdf?[redacted]');
    expect(out).toContain('[circular]');
  });

  it('redacts an Error: its message, its stack, its cause and its own fields', () => {
    registerSecret(SECRET);
    const cause = new Error(`upstream said ${JSON.stringify({ secret: SECRET })}`);
    const error = Object.assign(new Error(`GET ${SIGNED_URL} with X-Svc-Auth-Key: ${SECRET}`, { cause }), {
      request: { authorization: `Bearer ${BEARER}` },
    });
    expect(error.stack).toContain(SECRET);
    const copy = redactValue(error) as Error;
    expect(copy).toBeInstanceOf(Error);
    expect(leaks(`${copy.message}\n${copy.stack}`)).toEqual([]);
    const out = formatRedacted(['Sync run failed', error]);
    expect(leaks(out)).toEqual([]);
    expect(out).toContain('upstream said');
    expect(out).toContain('Sync run failed');
  });

  it('registers the URL-encoded form of a secret too, and ignores strings too short to be one', () => {
    registerSecret('p@ss/word+value=1');
    expect(redactText('form: x=p%40ss%2Fword%2Bvalue%3D1')).not.toContain('p%40ss');
    registerSecret('abc');
    expect(redactText('abc def')).toBe('abc def');
  });
});

describe('the redactor on long and hostile lines', () => {
  /** Inputs that make a backtracking pattern rescan the same run from every position. */
  const hostile: Record<string, (size: number) => string> = {
    'one long word': (size) => 'a'.repeat(size),
    'scheme-like runs': (size) => 'a+'.repeat(size / 2),
    'repeated scheme separators': (size) => 'https://'.repeat(size / 8),
    'user info without an end': (size) => `https://${'@'.repeat(size)}`,
    'keys without values': (size) => 'secret :'.repeat(size / 8),
    'JSON keys without values': (size) => '"secret":"'.repeat(size / 10),
    'an escaped JSON value that never closes': (size) => `\\"secret\\":\\"${'x'.repeat(size)}`,
    'query names without values': (size) => '?sig='.repeat(size / 5),
    'schemes without tokens': (size) => 'Bearer '.repeat(size / 7),
    'hash prefixes': (size) => 'sha256='.repeat(size / 7),
    'short path segments': (size) => `/${'a1'.repeat(15)}`.repeat(size / 31),
    'dashed words': (size) => 'a-'.repeat(size / 2),
  };
  /** CPU time of this process in ms: unlike the wall clock, not inflated when other work has the cores. */
  const cpuMs = (): number => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  };
  const fastest = (text: string): number => {
    let best = Infinity;
    for (let run = 0; run < 5; run += 1) {
      const started = cpuMs();
      redactText(text);
      best = Math.min(best, cpuMs() - started);
    }
    return best;
  };

  it('takes time in proportion to the length: eight times the text, far under sixty-four times the time', () => {
    const small = 128 * 1024;
    for (const [kind, make] of Object.entries(hostile)) {
      const short = make(small);
      const long = make(small * 8);
      // A generous bound first (a few ms are expected), so a quadratic pattern fails here rather than after minutes.
      expect(fastest(short), kind).toBeLessThan(2_000);
      let shortMs = Infinity;
      let longMs = Infinity;
      for (let round = 0; round < 3; round += 1) {
        shortMs = Math.min(shortMs, fastest(short));
        longMs = Math.min(longMs, fastest(long));
      }
      // Linear is about 8 (up to about 16 with garbage collection on a line that is nearly all secrets);
      // a quadratic pattern is about 64.
      expect(longMs / Math.max(shortMs, 0.5), kind).toBeLessThan(32);
    }
  }, 120_000);

  it('redacts a 1 MB hostile line, and the logger cuts it to the line cap before redacting it', () => {
    const line = `X-Svc-Auth-Key: ${SECRET} ${'a-'.repeat(512 * 1024)}`;
    const started = cpuMs();
    expect(leaks(redactText(line))).toEqual([]);
    expect(cpuMs() - started).toBeLessThan(2_000);
    const logger = createMemoryLogger();
    logger.warn(line);
    const [logged = ''] = logger.recentLines();
    expect(logged).toContain('X-Svc-Auth-Key: [redacted]');
    expect(logged).toMatch(/characters cut\]$/);
    expect(logged.length).toBeLessThan(MAX_LINE_CHARS + 200);
  });

  it('cuts at a boundary, so no beginning of a cut secret stays behind', () => {
    registerSecret(SECRET);
    const text = `${'word '.repeat(10)}${SECRET} tail`;
    const cut = capText(text, 50 + 10);
    expect(cut).toBe(`${'word '.repeat(10)} … [${text.length - 50} characters cut]`);
    expect(redactText(cut)).not.toContain(SECRET.slice(0, 10));
    expect(capText('short', 60)).toBe('short');
  });
});
