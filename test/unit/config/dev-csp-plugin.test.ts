import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import config from '../../../electron.vite.config';
import { rendererDevCsp } from '../../../src-main/security/content-security-policy';
import { rendererMetaCsp } from '../../support/renderer-csp';

type Handler = (html: string, context: unknown) => string;

function devCspPlugin(): Plugin {
  const plugins = ((config as { renderer?: { plugins?: unknown[] } }).renderer?.plugins ?? []).flat() as Plugin[];
  const plugin = plugins.find((p) => p?.name === 'practice-companion:dev-csp');
  if (!plugin) throw new Error('dev CSP plugin missing from the renderer config');
  return plugin;
}

describe('dev CSP plugin', () => {
  it('applies only to the dev server, never to builds', () => {
    expect(devCspPlugin().apply).toBe('serve');
  });

  it("replaces index.html's strict policy with the dev policy for the running dev server", () => {
    const html = `<meta http-equiv="Content-Security-Policy" content="${rendererMetaCsp()}" />`;
    const hook = devCspPlugin().transformIndexHtml as { handler: Handler };
    const out = hook.handler(html, { server: { resolvedUrls: { local: ['http://localhost:5199/'] } } });
    expect(out).toBe(
      `<meta http-equiv="Content-Security-Policy" content="${rendererDevCsp('http://localhost:5199')}" />`,
    );
  });
});
