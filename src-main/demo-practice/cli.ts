/**
 * `npm run practice -- --port 4010 [--size small|large] [--seed N] [--page-size N] [--no-rate-limit]`
 * Serves the demo practice on 127.0.0.1 until killed and prints exactly one JSON line to stdout.
 */
import { parseArgs } from 'node:util';
import { createDemoPractice } from './create-demo-practice';
import { demoSummary } from './demo-summary';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    size: { type: 'string', default: 'small' },
    seed: { type: 'string', default: '42' },
    'page-size': { type: 'string' },
    'no-rate-limit': { type: 'boolean', default: false },
    'sort-order': { type: 'string' },
  },
  strict: true,
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0-65535, not "${values.port}".`);
if (values.size !== 'small' && values.size !== 'large') fail(`--size must be small or large, not "${values.size}".`);
const seed = Number(values.seed);
if (!Number.isInteger(seed)) fail(`--seed must be an integer, not "${values.seed}".`);
const pageSize = values['page-size'] === undefined ? undefined : Number(values['page-size']);
if (pageSize !== undefined && (!Number.isInteger(pageSize) || pageSize < 1))
  fail(`--page-size must be a positive integer.`);
const sortOrder = values['sort-order'];
if (sortOrder !== undefined && !['key', 'updatedOn', 'reverse', 'shuffle'].includes(sortOrder))
  fail('--sort-order must be key, updatedOn, reverse or shuffle.');

const demo = await createDemoPractice({
  port,
  size: values.size,
  seed,
  ...(pageSize !== undefined ? { pageSize } : {}),
  ...(sortOrder !== undefined ? { sortOrder: sortOrder as 'key' } : {}),
  rateLimit: { enabled: !values['no-rate-limit'] },
});

process.stdout.write(`${JSON.stringify(demoSummary(demo))}\n`);

const stop = (): void => {
  void demo.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
