import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { billRef, fromBase64, openBill, startDocumentsApp as start, stopDocumentsApps } from './documents-app';

afterEach(stopDocumentsApps);

const NAME = 'Oliver White - Bill INV-1 - 2026-11-26.pdf';

describe('documents.saveCopy', () => {
  it('writes the verified cached bytes where the user chose, offering the given name', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'chosen-'));
    const offered: string[] = [];
    const app = await start({
      chooseSavePath: async (name) => {
        offered.push(name);
        return join(folder, 'my copy.pdf');
      },
    });
    const bill = app.bills[0]!;
    const opened = await openBill(app, bill);
    if (!opened.ok) throw new Error(opened.message);
    const sent = app.requests.length;

    const answer = await app.call('documents.saveCopy', {
      practiceKey: app.practiceKey,
      ref: billRef(bill),
      fileName: NAME,
    });
    expect(answer).toEqual({ ok: true, saved: true, savedAs: 'my copy.pdf' });
    expect(offered).toEqual([NAME]);
    expect(new Uint8Array(readFileSync(join(folder, 'my copy.pdf')))).toEqual(fromBase64(opened.bytesBase64));
    expect(app.requests.length).toBe(sent); // from the cache, no request
  });

  it('writes nothing when the user cancels, and says so without an error', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'chosen-'));
    const app = await start({ chooseSavePath: async () => null });
    const bill = app.bills[0]!;
    await openBill(app, bill);
    expect(
      await app.call('documents.saveCopy', { practiceKey: app.practiceKey, ref: billRef(bill), fileName: NAME }),
    ).toEqual({ ok: true, saved: false, savedAs: null });
    expect(readdirSync(folder)).toEqual([]);
  });

  it('refuses another practice, a document never opened, and the preview (no dialog): no dialog is shown', async () => {
    const offered: string[] = [];
    const app = await start({ chooseSavePath: async (name) => (offered.push(name), join(tmpdir(), 'never.pdf')) });
    const bill = app.bills[1]!;
    const input = { practiceKey: app.practiceKey, ref: billRef(bill), fileName: NAME };
    expect(await app.call('documents.saveCopy', input)).toEqual({
      ok: false,
      message: 'Open this bill PDF in the app first, so that it is downloaded.',
    });
    const other = { ...input, practiceKey: '00000000-0000-4000-8000-000000000000' };
    expect(await app.call('documents.saveCopy', other)).toMatchObject({ ok: false });
    expect(offered).toEqual([]);

    const preview = await start();
    await openBill(preview, preview.bills[0]!);
    expect(
      await preview.call('documents.saveCopy', {
        practiceKey: preview.practiceKey,
        ref: billRef(preview.bills[0]!),
        fileName: NAME,
      }),
    ).toEqual({ ok: false, message: 'Saving a copy needs the desktop app.' });
  });

  it('refuses a name that is a path, before main does anything', async () => {
    const app = await start({ chooseSavePath: async () => join(tmpdir(), 'never.pdf') });
    await expect(
      app.call('documents.saveCopy', {
        practiceKey: app.practiceKey,
        ref: billRef(app.bills[0]!),
        fileName: '../x.pdf',
      }),
    ).rejects.toThrow();
    expect(existsSync(join(tmpdir(), 'never.pdf'))).toBe(false);
  });
});
