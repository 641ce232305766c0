import { describe, expect, it } from 'vitest';
import { allowedSignedUrl } from '../../../src-main/partner-api/signed-url';

const PRACTICE = 'https://anz.partner-api.example';
const DEMO = 'http://127.0.0.1:4010/anz';

describe('which signed storage URL the app follows', () => {
  it('follows one on the practice’s own origin, whatever its path and query', () => {
    expect(allowedSignedUrl(`${PRACTICE}/_storage/a/b?expires=1&sig=ab`, PRACTICE)?.href).toBe(
      `${PRACTICE}/_storage/a/b?expires=1&sig=ab`,
    );
    expect(allowedSignedUrl('http://127.0.0.1:4010/_storage/x?sig=1', DEMO)).not.toBeNull();
    // One origin in another spelling: upper-case host, the default port written out.
    expect(allowedSignedUrl('HTTPS://ANZ.Partner-API.example:443/f', PRACTICE)).not.toBeNull();
  });

  it.each([
    ['another host', 'https://storage.example/f?sig=1'],
    ['a look-alike ending', 'https://anz.partner-api.example.evil.example/f'],
    ['a sub-domain', 'https://files.anz.partner-api.example/f'],
    ['plain http to an https practice', 'http://anz.partner-api.example/f'],
    ['another port', 'https://anz.partner-api.example:8443/f'],
    ['user info naming the practice', 'https://anz.partner-api.example@evil.example/f'],
    ['empty user info', 'https://@anz.partner-api.example/f'],
    ['a fragment', 'https://anz.partner-api.example/f#x'],
    ['a relative URL', '/_storage/f?sig=1'],
    ['a scheme-relative URL', '//anz.partner-api.example/f'],
    ['a file URL', 'file:///etc/passwd'],
    ['a data URL', 'data:application/pdf;base64,JVBERi0='],
    ['javascript', 'javascript:alert(1)'],
    ['the laptop itself', 'http://127.0.0.1:9/f'],
    ['an overlong URL', `https://anz.partner-api.example/${'a'.repeat(5_000)}`],
    ['not a URL', 'not a url'],
  ])('refuses %s', (_, url) => {
    expect(allowedSignedUrl(url, PRACTICE)).toBeNull();
  });

  it('refuses the demo’s storage on another loopback address or port', () => {
    expect(allowedSignedUrl('http://127.0.0.2:4010/_storage/f', DEMO)).toBeNull();
    expect(allowedSignedUrl('http://localhost:4010/_storage/f', DEMO)).toBeNull();
    expect(allowedSignedUrl('http://127.0.0.1:4011/_storage/f', DEMO)).toBeNull();
  });
});
