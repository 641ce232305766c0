import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MANIFEST_FILE } from '../../../src-main/documents/document-manifest';
import { readPdf } from '../../support/read-pdf-text';
import {
  billRef,
  corrupt,
  fromBase64,
  openBill,
  sha256,
  startDocumentsApp as start,
  stopDocumentsApps,
} from './documents-app';

afterEach(stopDocumentsApps);

describe('documents.open against the demo practice', () => {
  it('downloads a bill PDF once, records hash and size, and serves it from the cache after that', async () => {
    const app = await start();
    const bill = app.bills[0]!;
    const first = await openBill(app, bill);
    expect(first.ok).toBe(true);
    const bytes = fromBase64(first.bytesBase64);
    expect(first.meta).toMatchObject({
      ref: { kind: 'bill', id: String(bill.billingId) },
      entityKey: bill.entityKey,
      fileName: `bill-${bill.billingId}.pdf`,
      sha256: sha256(bytes),
      size: bytes.length,
      pinnedBy: [],
    });
    expect(first.meta.lastOpenedAt).not.toBeNull();
    expect((await readPdf(bytes)).text).toContain(bill.billNumber);
    // On disk, in the practice's folder, sealed (see documents-at-rest.test.ts): the file and the manifest.
    const file = await app.fileOf(billRef(bill));
    expect(readFileSync(file).length).toBe(bytes.length + 32);
    expect(sha256(readFileSync(file))).not.toBe(first.meta.sha256);
    expect(readdirSync(app.documentsDir).sort()).toEqual([basename(file), MANIFEST_FILE].sort());
    expect(app.documentRequests()).toEqual([`${app.demo.practices[0]!.baseUrl}/api/v1/bills/${bill.billingId}/pdf`]);

    const before = app.requests.length;
    const second = await openBill(app, bill);
    expect(second.ok).toBe(true);
    expect(second.bytesBase64).toBe(first.bytesBase64);
    expect(app.requests.length).toBe(before); // no request at all
    expect(Date.parse(second.meta.lastOpenedAt)).toBeGreaterThan(Date.parse(first.meta.lastOpenedAt));

    const list = await app.call('documents.list', { practiceKey: app.practiceKey });
    expect(list).toEqual({
      documents: [second.meta],
      usedBytes: bytes.length,
      capBytes: 300 * 1024 * 1024,
      encryption: { algorithm: 'AES-256-GCM', keyKept: 'keychain' },
    });
  });

  it('re-fetches a corrupted or truncated file when online and returns good bytes', async () => {
    const app = await start();
    const bill = app.bills[1]!;
    const good = await openBill(app, bill);
    const file = await app.fileOf(billRef(bill));

    corrupt(file);
    const repaired = await openBill(app, bill);
    expect(repaired.ok).toBe(true);
    expect(sha256(fromBase64(repaired.bytesBase64))).toBe(good.meta.sha256);
    expect(app.documentRequests()).toHaveLength(2);
    // The repaired copy is good: the next open needs no request.
    expect(sha256(fromBase64((await openBill(app, bill)).bytesBase64))).toBe(good.meta.sha256);
    expect(app.documentRequests()).toHaveLength(2);

    writeFileSync(file, readFileSync(file).subarray(0, 100));
    const again = await openBill(app, bill);
    expect(sha256(fromBase64(again.bytesBase64))).toBe(good.meta.sha256);
    expect(app.documentRequests()).toHaveLength(3);
  });

  it('offline: a corrupt copy is reported as corrupt-offline, a document never downloaded as offline-not-downloaded', async () => {
    const app = await start();
    const [cachedBill, otherBill] = [app.bills[2]!, app.bills[3]!];
    await openBill(app, cachedBill);
    corrupt(await app.fileOf(billRef(cachedBill)));

    // The connection drops without main knowing yet: the request fails like a pulled cable (NetworkError).
    app.network.setOnline(false);
    const attempts = app.requests.length;
    const damaged = await openBill(app, cachedBill);
    expect(damaged).toEqual({ ok: false, problem: 'corrupt-offline', message: expect.stringMatching(/damaged/) });
    expect(app.requests.length).toBeGreaterThan(attempts); // it did try

    // Now main knows it is offline: no request is even tried.
    await app.goOffline();
    const tried = app.requests.length;
    expect(await openBill(app, cachedBill)).toMatchObject({ ok: false, problem: 'corrupt-offline' });
    expect(await openBill(app, otherBill)).toEqual({
      ok: false,
      problem: 'offline-not-downloaded',
      message: expect.stringMatching(/not been downloaded/),
    });
    expect(app.requests.length).toBe(tried);
  });

  it('a never-downloaded document while the request fails at the network level is offline-not-downloaded', async () => {
    const app = await start();
    app.network.setOnline(false);
    expect(await openBill(app, app.bills[4]!)).toMatchObject({ ok: false, problem: 'offline-not-downloaded' });
    expect(app.documentRequests().length).toBeGreaterThan(0);
    expect(readdirSyncSafe(app.documentsDir)).toEqual([]);
  });

  it('opens a statement and an identity certificate; a draft bill and an unverified client are not-available with a sentence', async () => {
    const app = await start();
    const statement = [...app.state.statements.values()][0]!;
    const s = await app.call('documents.open', {
      practiceKey: app.practiceKey,
      ref: { kind: 'statement', id: String(statement.statementId) },
      entityKey: statement.entityKey,
    });
    expect(s.ok).toBe(true);
    expect((await readPdf(fromBase64(s.bytesBase64))).text).toContain(statement.statementNumber);

    const [verifiedKey, records] = [...app.state.idVerifications].find(([, list]) =>
      list.some((v) => v.result === 'verified'),
    )!;
    const verified = records.filter((v) => v.result === 'verified').at(-1)!;
    const cert = await app.call('documents.open', {
      practiceKey: app.practiceKey,
      ref: { kind: 'idCertificate', id: verifiedKey },
      entityKey: verifiedKey,
    });
    expect(cert.ok).toBe(true);
    expect(cert.meta.fileName).toBe(`id-certificate-${verifiedKey}.pdf`);
    expect((await readPdf(fromBase64(cert.bytesBase64))).text).toContain(
      `IDV-${verified.verificationId.slice(0, 8).toUpperCase()}`,
    );

    // The seed has no draft bills; make one, as a practice would.
    const draft = app.bills[5]!;
    draft.statusName = 'Draft';
    expect(await openBill(app, draft)).toEqual({
      ok: false,
      problem: 'not-available',
      message: 'This bill has no PDF yet (drafts have none).',
    });

    const unverified = [...app.state.entities.values()].find(
      (e) => !(app.state.idVerifications.get(e.entityKey) ?? []).some((v) => v.result === 'verified'),
    )!;
    expect(
      await app.call('documents.open', {
        practiceKey: app.practiceKey,
        ref: { kind: 'idCertificate', id: unverified.entityKey },
        entityKey: unverified.entityKey,
      }),
    ).toEqual({
      ok: false,
      problem: 'not-available',
      message: 'No identity verification has been completed for this client yet.',
    });
    // Nothing was stored for either.
    expect((await app.call('documents.list', { practiceKey: app.practiceKey })).documents).toHaveLength(2);
  });

  it('a practice that is not the active one gets not-connected, and the server sees no request', async () => {
    const app = await start();
    const other = app.demo.practices[1]!.practiceKey;
    const bill = app.bills[0]!;
    const serverLog = app.demo.runtime.requestLog.length;
    const sent = app.requests.length;
    const ref = { kind: 'bill', id: String(bill.billingId) };
    for (const practiceKey of [other, '00000000-0000-4000-8000-000000000000']) {
      expect(await app.call('documents.open', { practiceKey, ref, entityKey: bill.entityKey })).toMatchObject({
        ok: false,
        problem: 'not-connected',
      });
      expect(
        await app.call('documents.fetch', { practiceKey, ref, entityKey: bill.entityKey, priority: 'prefetch' }),
      ).toMatchObject({ ok: false, problem: 'not-connected' });
      expect(await app.call('documents.showInSystemViewer', { practiceKey, ref })).toMatchObject({
        ok: false,
        problem: 'not-connected',
      });
    }
    expect(app.requests.length).toBe(sent);
    expect(app.demo.runtime.requestLog.length).toBe(serverLog);
    expect(existsSync(join(app.dataDir, 'cache', 'practices', other))).toBe(false);
  });
});

describe('documents.fetch, pins and eviction', () => {
  it('pinned documents survive eviction; the cap holds for the rest, least recently used first', async () => {
    // Learn the PDF sizes first, from a cache big enough for all of them.
    const sizing = await start();
    const picked = sizing.bills.slice(0, 5);
    const sizes: number[] = [];
    for (const bill of picked) sizes.push((await openBill(sizing, bill)).meta.size);
    await stopDocumentsApps();

    const [a, b, c, d] = sizes as [number, number, number, number];
    const cap = a + b + Math.max(c, d);
    const app = await start({ capBytes: cap });
    type Ref = { kind: 'bill'; id: string };
    const [A, B, C, D, E] = picked.map((bill) => ({ kind: 'bill', id: String(bill.billingId) })) as [
      Ref,
      Ref,
      Ref,
      Ref,
      Ref,
    ];
    const fetchDoc = (ref: unknown, index: number, pinFor?: string) =>
      app.call('documents.fetch', {
        practiceKey: app.practiceKey,
        ref,
        entityKey: picked[index]!.entityKey,
        priority: 'prefetch',
        ...(pinFor ? { pinFor } : {}),
      });

    expect(await fetchDoc(A, 0, 'pack-1')).toMatchObject({
      ok: true,
      downloaded: true,
      meta: { pinnedBy: ['pack-1'] },
    });
    await fetchDoc(B, 1);
    await fetchDoc(C, 2);
    await openBill(app, picked[1]!); // B used again: C is now the least recently used
    await fetchDoc(D, 3);
    let list = await app.call('documents.list', { practiceKey: app.practiceKey });
    const ids = (l: any) => l.documents.map((doc: any) => doc.ref.id).sort();
    expect(ids(list)).toEqual([A, B, D].map((r) => r.id).sort());
    expect(list.usedBytes).toBeLessThanOrEqual(cap);
    expect(existsSync(await app.fileOf(C))).toBe(false);

    // A is the oldest of all but pinned: fetching E evicts B (least recently used unpinned), never A.
    await fetchDoc(E, 4);
    list = await app.call('documents.list', { practiceKey: app.practiceKey });
    expect(ids(list)).toContain(A.id);
    expect(ids(list)).not.toContain(B.id);
    expect(existsSync(await app.fileOf(A))).toBe(true);

    // Fetching a cached document is no download; pinning it for a second pack adds the pin.
    expect(await fetchDoc(A, 0, 'pack-2')).toMatchObject({
      ok: true,
      downloaded: false,
      meta: { pinnedBy: ['pack-1', 'pack-2'] },
    });
    expect(await app.call('documents.unpin', { practiceKey: app.practiceKey, packId: 'pack-1' })).toEqual({
      unpinned: 1,
    });
    expect(await app.call('documents.unpin', { practiceKey: app.practiceKey, packId: 'pack-2' })).toEqual({
      unpinned: 1,
    });
    // Unpinned, A is now the least recently used and the next download pushes it out.
    await fetchDoc(B, 1);
    list = await app.call('documents.list', { practiceKey: app.practiceKey });
    expect(ids(list)).not.toContain(A.id);
    expect(list.usedBytes).toBeLessThanOrEqual(cap);
  });

  it('concurrent requests for one document share one download', async () => {
    const app = await start();
    const bill = app.bills[6]!;
    const ref = { kind: 'bill', id: String(bill.billingId) };
    const answers = await Promise.all([
      app.call('documents.fetch', {
        practiceKey: app.practiceKey,
        ref,
        entityKey: bill.entityKey,
        priority: 'prefetch',
        pinFor: 'pack-x',
      }),
      app.call('documents.fetch', {
        practiceKey: app.practiceKey,
        ref,
        entityKey: bill.entityKey,
        priority: 'prefetch',
        pinFor: 'pack-y',
      }),
      openBill(app, bill),
    ]);
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(app.documentRequests()).toHaveLength(1);
    const [meta] = (await app.call('documents.list', { practiceKey: app.practiceKey })).documents;
    expect(meta.pinnedBy.sort()).toEqual(['pack-x', 'pack-y']);
  });
});

describe('sign-out and the system viewer', () => {
  it('signing out deletes the practice folder; its documents are then not-connected', async () => {
    const app = await start();
    const bill = app.bills[0]!;
    await openBill(app, bill);
    expect(readdirSync(app.documentsDir)).toContain(basename(await app.fileOf(billRef(bill))));
    expect(await app.call('practice.signOut', { practiceKey: app.practiceKey })).toMatchObject({ removed: true });
    expect(existsSync(join(app.dataDir, 'cache', 'practices', app.practiceKey))).toBe(false);
    expect(await openBill(app, bill)).toMatchObject({ ok: false, problem: 'not-connected' });
    expect(existsSync(app.documentsDir)).toBe(false);
  });

  it('a download still in flight at sign-out is dropped, not written into a new folder', async () => {
    const app = await start();
    await openBill(app, app.bills[0]!); // the folder exists
    const release = app.holdDownloads();
    const pending = openBill(app, app.bills[1]!);
    await expect.poll(() => app.documentRequests().length).toBe(2);
    expect(await app.call('practice.signOut', { practiceKey: app.practiceKey })).toMatchObject({ removed: true });
    release();
    expect(await pending).toMatchObject({ ok: false, problem: 'not-connected' });
    expect(existsSync(join(app.dataDir, 'cache', 'practices', app.practiceKey))).toBe(false);
  });

  it('hands the OS only a decrypted copy of a verified file, in a private folder of this session that goes at dispose and next start', async () => {
    const app = await start();
    const bill = app.bills[0]!;
    const ref = billRef(bill);
    const show = () => app.call('documents.showInSystemViewer', { practiceKey: app.practiceKey, ref });

    // Not downloaded yet: nothing is handed over.
    expect(await show()).toMatchObject({ ok: false, problem: 'failed' });
    expect(app.opened).toEqual([]);

    const { meta } = await openBill(app, bill);
    expect(await show()).toEqual({ ok: true });
    const copies = join(app.dataDir, 'cache', 'viewer-copies');
    const sessionDir = app.services.documentCaches.viewerCopies.sessionDir;
    // One folder per opening (a viewer may hold the last copy open), inside the practice's folder of this session.
    expect(app.opened).toEqual([
      {
        path: expect.stringMatching(
          new RegExp(`^${join(sessionDir, app.practiceKey)}/[0-9a-f-]{36}/bill-${bill.billingId}\\.pdf$`),
        ),
        sha256: meta.sha256,
      },
    ]);
    expect(app.opened[0]!.path.startsWith(copies + sep)).toBe(true);
    if (process.platform !== 'win32') {
      expect(statSync(app.opened[0]!.path).mode & 0o777).toBe(0o600);
      for (const dir of [copies, sessionDir, join(sessionDir, app.practiceKey), dirname(app.opened[0]!.path)])
        expect(statSync(dir).mode & 0o777).toBe(0o700);
    }

    // Damaged while offline: refused, nothing handed over.
    const file = await app.fileOf(ref);
    corrupt(file);
    await app.goOffline();
    expect(await show()).toMatchObject({ ok: false, problem: 'corrupt-offline' });
    expect(app.opened).toHaveLength(1);

    // Damaged (here: cut short) while online: fetched again and verified before the OS sees it.
    app.network.setOnline(true);
    await app.services.connectivity.check();
    writeFileSync(file, readFileSync(file).subarray(0, 200));
    const downloads = app.documentRequests().length;
    expect(await show()).toEqual({ ok: true });
    expect(app.documentRequests()).toHaveLength(downloads + 1);
    expect(app.opened).toHaveLength(2);
    expect(app.opened[1]!.sha256).toBe(meta.sha256);

    // Quitting deletes this session's copies; what a crashed session left behind goes at the next start.
    await app.services.dispose();
    expect(existsSync(sessionDir)).toBe(false);
    const leftover = join(copies, 'crashed-session', 'bill-1.pdf');
    mkdirSync(join(copies, 'crashed-session'), { recursive: true });
    writeFileSync(leftover, 'plain');
    const next = await start({ dataDir: app.dataDir });
    await next.call('practice.list');
    await expect.poll(() => existsSync(leftover)).toBe(false);
  });

  it("reports the OS viewer's error message", async () => {
    const app = await start({ openPathAnswer: 'No application is registered for PDF files.' });
    const bill = app.bills[0]!;
    await openBill(app, bill);
    expect(
      await app.call('documents.showInSystemViewer', {
        practiceKey: app.practiceKey,
        ref: { kind: 'bill', id: String(bill.billingId) },
      }),
    ).toEqual({
      ok: false,
      problem: 'failed',
      message: 'The system viewer could not open the file: No application is registered for PDF files.',
    });
  });
});

function readdirSyncSafe(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name !== MANIFEST_FILE) : [];
}
