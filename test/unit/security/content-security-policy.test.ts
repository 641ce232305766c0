import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  RADIX_SCROLL_AREA_STYLE_HASH,
  rendererDevCsp,
  rendererHeaderCsp,
} from '../../../src-main/security/content-security-policy';
import { rendererMetaCsp } from '../../support/renderer-csp';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

describe('renderer Content-Security-Policy', () => {
  it('is the same in index.html as in the header main sends', () => {
    const html = readFileSync('src-renderer/index.html', 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(rendererMetaCsp());
  });

  it('allows no eval, no inline script or style, no plugins and no framing in production', () => {
    for (const policy of [rendererMetaCsp(), rendererHeaderCsp()]) {
      expect(policy).not.toContain('unsafe-eval');
      expect(policy).not.toContain('unsafe-inline');
      const d = directives(policy);
      expect(d.get('default-src')).toEqual(["'none'"]);
      expect(d.get('script-src')).toEqual(["'self'"]);
      expect(d.get('object-src')).toEqual(["'none'"]);
      expect(d.get('base-uri')).toEqual(["'none'"]);
    }
    expect(directives(rendererHeaderCsp()).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("allows exactly the stylesheet Radix ScrollArea injects, by the hash of the installed version's text", () => {
    const source = readFileSync('node_modules/@radix-ui/react-scroll-area/dist/index.mjs', 'utf8');
    const css = /__html: `(\[data-radix-scroll-area-viewport\][^`]+)`/.exec(source)?.[1];
    expect(css).toBeDefined();
    expect(RADIX_SCROLL_AREA_STYLE_HASH).toBe(`'sha256-${createHash('sha256').update(css!).digest('base64')}'`);
    expect(directives(rendererMetaCsp()).get('style-src')).toEqual(["'self'", RADIX_SCROLL_AREA_STYLE_HASH]);
  });

  it('relaxes only what the Vite dev server needs, and never allows eval', () => {
    const dev = directives(rendererDevCsp('http://localhost:5173'));
    expect(dev.get('connect-src')).toEqual(["'self'", 'http://localhost:5173', 'ws://localhost:5173']);
    expect(rendererDevCsp('http://localhost:5173')).not.toContain('unsafe-eval');
  });
});
