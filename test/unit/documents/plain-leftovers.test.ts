import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removePlainLeftovers } from '../../../src-main/documents/plain-leftovers';

const KEY = '11111111-1111-4111-8111-111111111111';

describe('plain documents left by a version that did not encrypt', () => {
  it('are removed at start from every known practice, leaving only what the encrypted cache wrote', async () => {
    const root = mkdtempSync(join(tmpdir(), 'leftovers-'));
    const dir = join(root, 'practices', KEY, 'documents');
    mkdirSync(dir, { recursive: true });
    const sealed = `${'a'.repeat(40)}.bin`;
    for (const name of [
      'bill-1042.pdf',
      `id-certificate-${KEY}.pdf`,
      'manifest.json',
      'manifest.enc',
      sealed,
      'x.pdf.1234.tmp',
    ])
      writeFileSync(join(dir, name), '%PDF-1.7');
    const removed = await removePlainLeftovers(root, [KEY.toUpperCase()]);
    expect(readdirSync(dir).sort()).toEqual([sealed, 'manifest.enc'].sort());
    expect(removed).toHaveLength(4);
    expect(await removePlainLeftovers(root, ['22222222-2222-4222-8222-222222222222'])).toEqual([]);
  });
});
