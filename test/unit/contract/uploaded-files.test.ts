import { describe, expect, it } from 'vitest';
import { documentCopyFileName, isSafeCopyFileName, withExtension } from '../../../src-preload/contract/document-copy';
import { documentMetaSchema, documentRefSchema } from '../../../src-preload/contract/documents';
import {
  bytesMatchType,
  extensionOf,
  uploadAddressOf,
  uploadRefId,
  viewOf,
} from '../../../src-preload/contract/uploaded-files';

const KEY = '0a3f1c52-1c2b-4c1d-9e2f-3a4b5c6d7e8f';
const bytes = (...values: number[]) => Uint8Array.from(values);

describe('uploaded files in the contract', () => {
  it('names an upload by its onboarding, client and document, in one spelling', () => {
    const id = uploadRefId({ onboardingKey: KEY.toUpperCase(), entityOnboardingId: 40001, documentId: 60002 });
    expect(id).toBe(`${KEY}.40001.60002`);
    expect(uploadAddressOf(id)).toEqual({ onboardingKey: KEY, entityOnboardingId: 40001, documentId: 60002 });
    expect(documentRefSchema.safeParse({ kind: 'upload', id }).success).toBe(true);
    for (const bad of [`${KEY}.0.1`, `${KEY}.1`, `${KEY}/1/2`, `${KEY}.1.2.3`, 'x.1.2', `${KEY}.-1.2`])
      expect(uploadAddressOf(bad), bad).toBeNull();
    expect(documentRefSchema.safeParse({ kind: 'upload', id: `${KEY}/1/2` }).success).toBe(false);
  });

  it('shows PDFs in the viewer and pictures as images, and only saves the rest', () => {
    expect(viewOf('application/pdf')).toBe('pdf');
    expect(viewOf('image/png')).toBe('image');
    expect(viewOf('IMAGE/JPEG; charset=binary')).toBe('image');
    expect(viewOf('image/heic')).toBe('save-only');
    expect(viewOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('save-only');
    expect(extensionOf('image/jpeg')).toBe('jpg');
  });

  it('checks that bytes start as their type says; a type without a signature is taken as it is; an unknown one never', () => {
    expect(bytesMatchType(bytes(0x25, 0x50, 0x44, 0x46, 0x2d, 0x31), 'application/pdf')).toBe(true);
    expect(bytesMatchType(bytes(0x3c, 0x68, 0x74, 0x6d, 0x6c), 'application/pdf')).toBe(false);
    expect(bytesMatchType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png')).toBe(true);
    expect(bytesMatchType(bytes(0xff, 0xd8, 0xff, 0xe0), 'image/png')).toBe(false);
    expect(bytesMatchType(bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg')).toBe(true);
    expect(bytesMatchType(bytes(0x68, 0x69), 'text/plain')).toBe(true);
    expect(bytesMatchType(bytes(0x3c, 0x73, 0x76, 0x67), 'image/svg+xml')).toBe(false);
  });

  it('keeps the type in the manifest entry; an entry written before types were kept is a PDF', () => {
    const entry = {
      ref: { kind: 'bill', id: '1' },
      entityKey: KEY,
      fileName: 'bill-1.pdf',
      sha256: '0'.repeat(64),
      size: 1,
      fetchedAt: '2026-01-01T00:00:00.000Z',
      lastOpenedAt: null,
      pinnedBy: [],
    };
    expect(documentMetaSchema.parse(entry).contentType).toBe('application/pdf');
    expect(documentMetaSchema.safeParse({ ...entry, contentType: 'text/html' }).success).toBe(false);
  });

  it('offers a copy under the file’s own extension, and accepts only the kept types’ extensions', () => {
    const dated = '2026-11-20';
    const name = documentCopyFileName({ clientName: 'Jane Citizen', title: 'photo-id.png', dated, extension: 'png' });
    expect(name).toBe('Jane Citizen - photo-id - 2026-11-20.png');
    expect(isSafeCopyFileName(name)).toBe(true);
    expect(isSafeCopyFileName('Jane - x - 2026-11-20.exe')).toBe(false);
    expect(isSafeCopyFileName('Jane - x - 2026-11-20.html')).toBe(false);
    expect(withExtension('Jane - photo - 2026-11-20.pdf', 'png')).toBe('Jane - photo - 2026-11-20.png');
    expect(documentCopyFileName({ clientName: null, title: 'x', dated, extension: 'exe' })).toMatch(/\.pdf$/);
  });
});
