import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  startPreviewServer,
  type PreviewServer,
  type PreviewServerOptions,
} from '../../../src-main/browser-preview/preview-server';

/** Starts the browser preview on a free 127.0.0.1 port over the built renderer, with a fresh data folder. */
export async function startPreview(
  options: Pick<PreviewServerOptions, 'startDemo' | 'cipher' | 'budgetTimer' | 'policyFile'> = {},
): Promise<PreviewServer> {
  const rendererDir = resolve('out/renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error('out/renderer is missing: run "npm run build" before the end-to-end tests (npm test does).');
  }
  return startPreviewServer({ rendererDir, dataDir: mkdtempSync(join(tmpdir(), 'pc-e2e-')), port: 0, ...options });
}

/** Cuts or restores main's network in the preview, as a pulled cable would. */
export async function setNetwork(server: PreviewServer, online: boolean): Promise<void> {
  const response = await fetch(`${server.url}__preview/network?online=${online}&token=${server.token}`, {
    method: 'POST',
  });
  if (!response.ok) throw new Error(`Network switch refused: ${response.status}`);
}
