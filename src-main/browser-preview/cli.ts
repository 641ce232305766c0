/**
 * `npm run preview:browser [-- --port N --data DIR]`: runs the app's main services in Node and serves
 * the built renderer for any Chromium-based browser. For machines without the Electron binary.
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startPreviewServer } from './preview-server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5180' },
    data: { type: 'string' },
  },
});

const rendererDir = resolve('out/renderer');
if (!existsSync(join(rendererDir, 'index.html'))) {
  console.error(
    'No built renderer in out/renderer. Run "npm run build" first (npm run preview:browser does it for you).',
  );
  process.exit(1);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a number from 0 to 65535, not "${values.port}".`);
  process.exit(1);
}
const dataDir = values.data ? resolve(values.data) : await mkdtemp(join(tmpdir(), 'practice-companion-preview-'));

const server = await startPreviewServer({ rendererDir, dataDir, port });
console.log(`Practice Companion browser preview: ${server.url}`);
console.log(`Data folder: ${dataDir}`);
console.log('Open the URL in Chromium or Chrome. Press Ctrl+C to stop.');
// The demo practice runs on this machine, so pulling the cable does not take it away: this switch does.
console.log(
  `To try offline: curl -X POST '${server.url}__preview/network?online=false&token=${server.token}' (online=true to come back)`,
);

const stop = (): void => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
