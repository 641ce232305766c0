import { describe, expect, it } from 'vitest';
import { renderCertificatePdf } from '../../../../src-main/demo-practice/pdf/render-certificate-pdf';
import { certificate, day } from './pdf-fixtures';
import { readPdf } from '../../../support/read-pdf-text';

describe('renderCertificatePdf', () => {
  it('renders a one-page certificate with the subject, method, result and AML outcome as text', async () => {
    const pdf = await readPdf(await renderCertificatePdf(certificate()));
    expect(pdf.pageCount).toBe(1);
    for (const expected of [
      'IDENTITY VERIFICATION CERTIFICATE',
      'Harbourside Accounting',
      'Certificate number IDV-7F3A2C91',
      'Margaret Olsen',
      `Date of birth ${day('1984-07-19')}`,
      'Verification method Document and biometric check',
      'Document type Passport',
      'IDENTITY VERIFIED',
      'Result Verified',
      `Verified on ${day('2026-10-03')}`,
      'AML screening Standard check',
      'AML result Clear',
      'Page 1 of 1',
    ]) {
      expect(pdf.text).toContain(expected);
    }
  });

  it('states failed and pending results and a missing AML check plainly', async () => {
    const failedInput = certificate({ result: 'failed', aml: { kind: 'extensive', result: 'match', checkedOn: null } });
    const failed = await readPdf(await renderCertificatePdf(failedInput));
    expect(failed.text).toContain('NOT VERIFIED');
    expect(failed.text).toContain('Result Not verified');
    expect(failed.text).toContain('AML screening Extensive check');
    expect(failed.text).toContain('AML result Possible match');
    expect(failed.text).toContain('AML checked on Not yet checked');

    const pendingInput = certificate({
      result: 'pending',
      verifiedOn: null,
      aml: null,
      documentType: null,
      subjectBirthDate: null,
    });
    const pending = await readPdf(await renderCertificatePdf(pendingInput));
    expect(pending.text).toContain('Result Pending');
    expect(pending.text).toContain('Verified on Not yet verified');
    expect(pending.text).toContain('AML screening Not performed');
    expect(pending.text).not.toContain('AML result');
    expect(pending.text).not.toContain('Date of birth');
  });

  it('is deterministic and copes with subject names outside WinAnsi', async () => {
    const practice = { ...certificate().practice, name: 'Ōtautahi Accountants 🌿' };
    const input = certificate({ subjectName: 'Zoë Łukasz Nguyễn', practice });
    const a = await renderCertificatePdf(input);
    expect(Buffer.from(a).equals(Buffer.from(await renderCertificatePdf(structuredClone(input))))).toBe(true);
    const pdf = await readPdf(a);
    expect(pdf.text).toContain('Zoë Lukasz Nguyen');
    expect(pdf.text).toContain('Otautahi Accountants ?');
    expect(pdf.info).toMatchObject({
      Title: 'Identity verification certificate IDV-7F3A2C91',
      Author: 'Ōtautahi Accountants 🌿',
    });
  });
});
