import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheControlFor, contentTypeFor, resolveRendererAsset } from '../../../src-main/security/renderer-asset-path';

const root = resolve('/srv/app/out/renderer');

describe('renderer asset resolution for app://renderer', () => {
  it('maps the root and plain paths inside the renderer folder', () => {
    expect(resolveRendererAsset(root, 'app://renderer/')).toBe(join(root, 'index.html'));
    expect(resolveRendererAsset(root, 'app://renderer/index.html')).toBe(join(root, 'index.html'));
    expect(resolveRendererAsset(root, 'app://renderer/assets/index-abc.js?x=1#frag')).toBe(
      join(root, 'assets/index-abc.js'),
    );
  });

  it('refuses traversal, encoded traversal, NUL bytes, bad encodings and other hosts or schemes', () => {
    for (const url of [
      'app://renderer/assets/..%2f..%2fmain%2findex.js',
      'app://renderer/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      'app://renderer/index.html%00.png',
      'app://renderer/%E0%A4%A',
      'app://other/index.html',
      'file:///srv/app/out/renderer/index.html',
      'https://renderer/index.html',
      '::not a url::',
    ]) {
      expect(resolveRendererAsset(root, url), url).toBeNull();
    }
  });

  it('keeps dot segments inside the folder (the URL parser normalises them before we see the path)', () => {
    expect(resolveRendererAsset(root, 'app://renderer/../../main/index.js')).toBe(join(root, 'main/index.js'));
  });

  it('never sniffs: unknown extensions are opaque bytes', () => {
    expect(contentTypeFor('a.js')).toMatch(/^text\/javascript/);
    expect(contentTypeFor('a.HTML')).toMatch(/^text\/html/);
    expect(contentTypeFor('a.exe')).toBe('application/octet-stream');
  });
});

describe('how long a served file may be kept', () => {
  it('keeps content-hashed build output for good and reads pages and everything else fresh', () => {
    for (const file of ['assets/start-CqXVxCMC.js', 'assets/start-BcD9gm3u.css', 'assets/pdf.worker.min-CIqJB0yW.mjs'])
      expect(cacheControlFor(join(root, file)), file).toBe('public, max-age=31536000, immutable');
    for (const file of [
      'index.html',
      'recovery.html',
      'pdfjs/cmaps/H.bcmap',
      'pdfjs/standard_fonts/FoxitSans.pfb',
      'assets/readme.txt',
      'assets/app.js',
    ])
      expect(cacheControlFor(join(root, file)), file).toBe('no-store');
  });
});
