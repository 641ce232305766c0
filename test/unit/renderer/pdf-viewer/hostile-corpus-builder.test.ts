import { describe, expect, it } from 'vitest';
import { buildHostileCorpus } from '../../../support/hostile-pdfs/corpus';
import { rc4 } from '../../../support/hostile-pdfs/standard-security';

describe('the hostile-PDF corpus builder', () => {
  it('encrypts with RC4 as the published test vectors say', () => {
    const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();
    expect(hexOf(rc4(Buffer.from('Key'), Buffer.from('Plaintext')))).toBe('BBF316E8D940AF0AD3');
    expect(hexOf(rc4(Buffer.from('Wiki'), Buffer.from('pedia')))).toBe('1021BF0420');
  });

  it('builds the same bytes every time, with unique names', async () => {
    const [a, b] = await Promise.all([buildHostileCorpus(), buildHostileCorpus()]);
    expect(a.map((f) => f.name)).toEqual(b.map((f) => f.name));
    expect(new Set(a.map((f) => f.name)).size).toBe(a.length);
    a.forEach((file, i) => expect(Buffer.from(file.bytes).equals(Buffer.from(b[i]!.bytes)), file.name).toBe(true));
  });
});
