import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Repeating timers allowed in the renderer: clocks that move what a screen shows on, never a poll of main.
 * Background work is a job on the runner (app/renderer-jobs.ts); what main knows is pushed as an event.
 */
const CLOCKS: Record<string, string> = {
  'src-renderer/ui/regional/use-now.ts': 'the current time, so relative times move on',
  'src-renderer/features/client-facing/PinDialogs.tsx': 'the countdown of a slowed-down PIN try',
};

describe('renderer timers', () => {
  it('no component polls with setInterval: only the listed clocks repeat', () => {
    const files = globSync('src-renderer/**/*.{ts,tsx}', { cwd: root });
    const repeating = files.filter((file) => /\bsetInterval\s*\(/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(repeating.sort()).toEqual(Object.keys(CLOCKS).sort());
  });
});
