import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readManifest } from '../../../src-main/documents/document-manifest';
import { uploadedFileOf } from '../../../src-main/demo-practice/uploads/uploaded-files';
import type { DocumentRef } from '../../../src-preload/contract/documents';
import { uploadRefId } from '../../../src-preload/contract/uploaded-files';
import {
  fromBase64,
  sha256,
  startDocumentsApp as start,
  stopDocumentsApps,
  type DocumentsApp,
  type StartOptions,
} from './documents-app';

// A client's uploaded files through main: the practice names the file and a signed storage URL; main follows
// the URL once, to the practice's own origin only, without credentials, keeps the file sealed like a bill, and
// keeps the URL nowhere.

const servers: Server[] = [];
afterEach(async () => {
  await stopDocumentsApps();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** The first uploaded file of a requirement with this name in the ANZ practice, as a document ref. */
function uploaded(app: DocumentsApp, name: string) {
  for (const [onboardingKey, entries] of app.state.onboardingDocuments) {
    for (const entry of entries) {
      const requirement = entry.documents.find((d) => d.name === name && d.isUploaded);
      if (!requirement) continue;
      const ref: DocumentRef = {
        kind: 'upload',
        id: uploadRefId({
          onboardingKey,
          entityOnboardingId: entry.entityOnboardingId,
          documentId: requirement.documentId,
        }),
      };
      return { ref, entityKey: entry.entityKey!, entry, requirement };
    }
  }
  throw new Error(`No uploaded ${name}`);
}

const open = (app: DocumentsApp, u: ReturnType<typeof uploaded>) =>
  app.call('documents.open', { practiceKey: app.practiceKey, ref: u.ref, entityKey: u.entityKey });

const storageRequests = (app: DocumentsApp) =>
  app.requests.filter((url) => new URL(url).pathname.startsWith('/_storage/'));
const descriptorRequests = (app: DocumentsApp) =>
  app.requests.filter((url) => /\/entities\/\d+\/documents\/\d+$/.test(new URL(url).pathname));

/** Everything main wrote to disk outside the sealed files, decrypted where main would decrypt it. */
async function everythingKept(app: DocumentsApp): Promise<string> {
  const texts: string[] = [];
  const settings = join(app.dataDir, 'settings.json');
  if (existsSync(settings)) texts.push(readFileSync(settings, 'utf8'));
  const logs = join(app.dataDir, 'logs');
  if (existsSync(logs)) for (const name of readdirSync(logs)) texts.push(readFileSync(join(logs, name), 'utf8'));
  const key = await app.services.documentCaches.keys.get(app.practiceKey);
  const manifest = await readManifest(app.documentsDir, key);
  texts.push(JSON.stringify(manifest));
  return texts.join('\n');
}

/** A server that counts what reaches it: a host a practice's answer must never make the laptop reach. */
async function elsewhere() {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url} ${JSON.stringify(request.headers)}`);
    response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7 stolen');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

describe('a client’s uploaded files, through main', () => {
  it('opens the bank statement and the photo ID: one named read and one storage fetch each, without credentials, then from the laptop', async () => {
    const app = await start();
    for (const name of ['Bank statement', 'Photo identification']) {
      const u = uploaded(app, name);
      const served = await uploadedFileOf(app.state, u.entry, u.requirement);
      const opened = await open(app, u);
      expect(opened).toMatchObject({
        ok: true,
        meta: {
          contentType: served.contentType,
          fileName: `upload-${u.requirement.documentId}.${name === 'Bank statement' ? 'pdf' : 'png'}`,
        },
      });
      expect(sha256(fromBase64(opened.bytesBase64))).toBe(sha256(served.bytes));
    }
    expect(descriptorRequests(app)).toHaveLength(2);
    expect(storageRequests(app)).toHaveLength(2);
    expect(app.demo.runtime.storageLog.map((r) => [r.status, r.credentialsSent])).toEqual([
      [200, false],
      [200, false],
    ]);

    await app.goOffline();
    const again = await open(app, uploaded(app, 'Photo identification'));
    expect(again).toMatchObject({ ok: true, meta: { contentType: 'image/png' } });
    expect(storageRequests(app)).toHaveLength(2);
  });

  it('keeps them sealed like bills, and keeps the signed URL nowhere: not in the manifest, settings, log or answer', async () => {
    const app = await start();
    const statement = uploaded(app, 'Bank statement');
    const photo = uploaded(app, 'Photo identification');
    const [a, b] = [await open(app, statement), await open(app, photo)];
    expect([a.ok, b.ok]).toEqual([true, true]);
    for (const u of [statement, photo]) {
      const onDisk = readFileSync(await app.fileOf(u.ref));
      expect(onDisk.subarray(0, 4).toString('latin1')).toBe('PCE1');
      expect(onDisk.includes(Buffer.from('%PDF-'))).toBe(false);
      expect(onDisk.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
      expect(onDisk.includes(Buffer.from('Southern Cross Bank'))).toBe(false);
      expect(onDisk.includes(Buffer.from(u.entry.entityName))).toBe(false);
    }
    const kept = await everythingKept(app);
    expect(kept).toContain(`upload-${photo.requirement.documentId}.png`); // the manifest was read
    for (const trace of ['/_storage', 'sig=', 'expires=']) expect(kept).not.toContain(trace);
    expect(JSON.stringify([a, b])).not.toContain('_storage');
  });

  it('never follows a signed URL to another address, nor carries anything there', async () => {
    const other = await elsewhere();
    const app = await start();
    // The practice's answer names a storage URL on another origin (a look-alike on the same machine).
    app.demo.runtime.origin = other.origin;
    const answer = await open(app, uploaded(app, 'Bank statement'));
    expect(answer).toMatchObject({
      ok: false,
      problem: 'failed',
      message: expect.stringMatching(/other than its own/),
    });
    expect(other.hits).toEqual([]);
    expect(app.requests.some((url) => url.startsWith(other.origin))).toBe(false);
  });

  it('refuses a storage redirect without following it, and a file that is not the type the practice named', async () => {
    const other = await elsewhere();
    let storageAnswer: 'redirect' | 'html' = 'redirect';
    const intercept: StartOptions['intercept'] = (url) => {
      if (!new URL(url).pathname.startsWith('/_storage/')) return undefined;
      return storageAnswer === 'redirect'
        ? new Response(null, { status: 302, headers: { location: `${other.origin}/steal` } })
        : new Response('<script>alert(1)</script>', { status: 200, headers: { 'content-type': 'application/pdf' } });
    };
    const app = await start({ intercept });
    const u = uploaded(app, 'Bank statement');
    expect(await open(app, u)).toMatchObject({ ok: false, message: expect.stringMatching(/another address/) });
    storageAnswer = 'html';
    expect(await open(app, u)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/did not send a usable file/),
    });
    expect(other.hits).toEqual([]);
    const listed = await app.call('documents.list', { practiceKey: app.practiceKey });
    expect(listed.documents).toEqual([]);
  });

  it('refuses a file of a type the app does not keep, before fetching it', async () => {
    const intercept: StartOptions['intercept'] = async (url, init) => {
      if (!/\/entities\/\d+\/documents\/\d+$/.test(new URL(url).pathname)) return undefined;
      const real = await fetch(url, init);
      const body = { ...((await real.json()) as object), contentType: 'application/x-msdownload', fileName: 'run.exe' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const app = await start({ intercept });
    const answer = await open(app, uploaded(app, 'Bank statement'));
    expect(answer).toMatchObject({ ok: false, message: expect.stringMatching(/type the app does not keep/) });
    expect(storageRequests(app)).toEqual([]);
  });

  it('saves a copy under the file’s own type, and hands only PDFs to the system viewer', async () => {
    const saved: string[] = [];
    const app = await start({ chooseSavePath: async (name) => (saved.push(name), null) });
    const photo = uploaded(app, 'Photo identification');
    await open(app, photo);
    const copy = await app.call('documents.saveCopy', {
      practiceKey: app.practiceKey,
      ref: photo.ref,
      fileName: 'Jane Citizen - Photo identification - 2026-11-20.pdf',
    });
    expect(copy).toMatchObject({ ok: true, saved: false });
    expect(saved).toEqual(['Jane Citizen - Photo identification - 2026-11-20.png']);
    const shown = await app.call('documents.showInSystemViewer', { practiceKey: app.practiceKey, ref: photo.ref });
    expect(shown).toMatchObject({ ok: false, message: expect.stringMatching(/Only PDFs/) });
    expect(app.opened).toEqual([]);
  });
});
