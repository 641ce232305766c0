import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { DocumentCache } from '../../../src-main/documents/document-cache';
import type { DocumentCaches } from '../../../src-main/documents/document-caches';
import { createDocumentService } from '../../../src-main/documents/document-service';
import { createViewerCopies } from '../../../src-main/documents/viewer-copies';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';

const PRACTICE = '11111111-1111-4111-8111-111111111111';

describe('a decrypted copy for the system viewer', () => {
  it('does not outlive a sign-out that happens while it is being written', async () => {
    let active = true;
    const bytes = new TextEncoder().encode('%PDF-1.7 bill');
    const cache = {
      read: async () => ({ state: 'ok', meta: { entityKey: 'e', contentType: 'application/pdf' }, bytes, path: '' }),
      touch: vi.fn(async () => null),
    } as unknown as DocumentCache;
    const copies = createViewerCopies({ cacheRoot: mkdtempSync(join(tmpdir(), 'viewer-')) });
    const written: string[] = [];
    const openPath = vi.fn(async () => '');
    const service = createDocumentService({
      caches: { forPractice: () => cache } as unknown as DocumentCaches,
      isActive: () => active,
      targetFor: () => ({ api: {} as PartnerApiClient }),
      isOffline: () => false,
      openPath,
      viewerCopies: {
        ...copies,
        async write(practiceKey, fileName, data) {
          // The sign-out lands while the copy is being written: its wipe runs before the copy exists.
          active = false;
          await copies.wipe(practiceKey);
          const path = await copies.write(practiceKey, fileName, data);
          written.push(path);
          return path;
        },
      },
    });
    const answer = await service.showInSystemViewer({ practiceKey: PRACTICE, ref: { kind: 'bill', id: '1042' } });
    expect(answer).toMatchObject({ ok: false, problem: 'not-connected' });
    expect(openPath).not.toHaveBeenCalled();
    expect(written).toHaveLength(1);
    expect(existsSync(written[0]!)).toBe(false);
  });
});
