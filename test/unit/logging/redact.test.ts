import { afterEach, describe, expect, it } from 'vitest';
import {
  clearRegisteredSecrets,
  formatRedacted,
  redactText,
  redactValue,
  registerSecret,
} from '../../../src-main/logging/redact';
import { allSecrets, BASIC, BEARER, CLIENT_ID, SECRET, secretMessages, SIGNED_URL } from './secret-samples';

const leaks = (text: string): string[] => allSecrets.filter((secret) => text.includes(secret));

afterEach(clearRegisteredSecrets);

describe('the redactor', () => {
  for (const [kind, message] of Object.entries(secretMessages)) {
    it(`removes ${kind}`, () => {
      registerSecret(SECRET);
      const out = redactText(message);
      expect(leaks(out)).toEqual([]);
      expect(out).toContain('[redacted]');
    });
  }

  it('removes header and JSON secrets even when the secret was never registered', () => {
    for (const [kind, message] of Object.entries(secretMessages)) {
      if (kind.includes('registered')) continue;
      expect(leaks(redactText(message)), kind).toEqual([]);
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
