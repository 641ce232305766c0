import { describe, expect, it } from 'vitest';
import { createTrustedFrameCheck } from '../../../src-main/ipc/trusted-frame';

const isTrusted = createTrustedFrameCheck(['app://renderer']);
const frame = (url: string, parent: unknown = null) => ({ senderFrame: { url, parent } });

describe('trusted sender frame', () => {
  it('trusts the top-level frame of the app origin', () => {
    expect(isTrusted(frame('app://renderer/index.html#/clients'))).toBe(true);
  });

  it('refuses iframes even on the app origin', () => {
    expect(isTrusted(frame('app://renderer/index.html', { url: 'app://renderer/' }))).toBe(false);
  });

  it('refuses other origins, schemes and look-alike hosts', () => {
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'about:blank',
      'app://renderer.evil/index.html',
      'app://evil/index.html',
      'http://renderer/',
      'not a url',
    ]) {
      expect(isTrusted(frame(url)), url).toBe(false);
    }
  });

  it('refuses a request whose frame has gone (navigated or destroyed)', () => {
    expect(isTrusted({ senderFrame: null })).toBe(false);
  });

  it('accepts the dev server origin only when configured', () => {
    const dev = createTrustedFrameCheck(['http://localhost:5173']);
    expect(dev(frame('http://localhost:5173/'))).toBe(true);
    expect(dev(frame('http://localhost:5174/'))).toBe(false);
    expect(isTrusted(frame('http://localhost:5173/'))).toBe(false);
  });
});
