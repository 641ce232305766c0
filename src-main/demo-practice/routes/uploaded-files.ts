import { createHmac, timingSafeEqual } from 'node:crypto';
import { zipSync } from 'fflate';

/**
 * The demo's stand-in for the storage service behind "one file via short-lived signed storage URL": signed
 * links to /_storage/… on the demo's own origin that expire on the demo clock (the files themselves are made
 * by uploads/uploaded-files.ts).
 */
/** Where the demo's storage keeps one uploaded file (below /_storage): the practice, onboarding, client and document. */
export const storagePath = (practiceKey: string, key: string, entityOnboardingId: number, documentId: number): string =>
  `/onboarding-documents/${practiceKey}/${key}/${entityOnboardingId}/${documentId}`;

export function createStorageSigner(secret: string) {
  const sign = (path: string, expires: number) =>
    createHmac('sha256', secret).update(`${path}\n${expires}`).digest('hex');
  return {
    url(origin: string, path: string, expires: number): string {
      return `${origin}/_storage${path}?expires=${expires}&sig=${sign(path, expires)}`;
    },
    verify(path: string, expires: number, signature: string, now: number): boolean {
      if (!Number.isFinite(expires) || expires * 1000 < now) return false;
      const expected = Buffer.from(sign(path, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type StorageSigner = ReturnType<typeof createStorageSigner>;

export function zipFiles(files: readonly { name: string; bytes: Uint8Array }[]): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) {
    let name = file.name;
    for (let n = 2; entries[name]; n++) name = file.name.replace(/(\.[^.]+)?$/, `-${n}$1`);
    entries[name] = file.bytes;
  }
  return zipSync(entries, { level: 6, mtime: new Date('2026-01-01T00:00:00Z') });
}
