import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../../../../src-renderer/ui/words/document-title';

describe('documents named as the practice names them', () => {
  it('a bill by its number, a statement by its number, a certificate by its client', () => {
    expect(documentTitle('bill', '100232', { billNumber: 'INV-000232' })).toBe('Bill INV-000232');
    expect(documentTitle('statement', '7', { statementNumber: 'ST-2026-10-0042' })).toBe('Statement ST-2026-10-0042');
    expect(documentTitle('idCertificate', '3f2b8c1e-0000-4000-8000-000000000000', { clientName: 'Jane Smith' })).toBe(
      'ID certificate — Jane Smith',
    );
  });

  it('without the local record, still says what kind of document it is (never a file name or a uuid)', () => {
    expect(documentTitle('bill', '100232', {})).toBe('Bill 100232');
    expect(documentTitle('statement', '7', { statementNumber: null })).toBe('Statement 7');
    expect(documentTitle('idCertificate', '3f2b8c1e-0000-4000-8000-000000000000', {})).toBe('ID certificate');
  });
});
