import { z } from 'zod';
import { documentRefSchema } from './documents';
import { copyExtensions } from './uploaded-files';

/** Characters no file system of the three desktop platforms accepts in a name (plus controls). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const UNSAFE_IN_FILE_NAME = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;
/** Names Windows keeps for devices, whatever the extension. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
/** Leaves room for a folder path under the 255 characters most file systems allow for a name. */
export const MAX_COPY_NAME_LENGTH = 150;

function cleanPart(text: string): string {
  return text
    .replace(UNSAFE_IN_FILE_NAME, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
}

const EXTENSION = new RegExp(`\\.(${copyExtensions.join('|')})$`, 'i');

/**
 * The name a saved copy of a document is offered under: "<client> - <document> - <YYYY-MM-DD>.pdf", the
 * date the document's own (a bill's date, a statement's) — a copy saved today of a bill dated in March is
 * named for March — so copies of one client's papers sort together and by their date. Without a known date
 * the name carries none. Characters a file system refuses become spaces, empty parts are left out, and the
 * name is cut (never the date or the extension) to fit. A client's upload keeps its own type's extension
 * (`extension`: "png", "docx"; default "pdf").
 */
export function documentCopyFileName(parts: {
  clientName: string | null;
  title: string;
  dated: string | null;
  extension?: string;
}): string {
  const day = parts.dated && /^\d{4}-\d{2}-\d{2}$/.test(parts.dated) ? parts.dated : null;
  const extension = copyExtensions.includes(parts.extension ?? '') ? parts.extension : 'pdf';
  const tail = day ? ` - ${day}.${extension}` : `.${extension}`;
  const title = cleanPart(parts.title).replace(EXTENSION, '');
  const head = [cleanPart(parts.clientName ?? ''), title].filter((p) => p.length > 0).join(' - ') || 'Document';
  const cut = head.slice(0, MAX_COPY_NAME_LENGTH - tail.length).trim();
  const name = `${cut}${tail}`;
  return WINDOWS_RESERVED.test(cut) ? `Document ${name}` : name;
}

/** A name `documentCopyFileName` could have made: safe on every platform, a kept type's extension, no path. */
export function isSafeCopyFileName(name: string): boolean {
  return (
    name.length <= MAX_COPY_NAME_LENGTH &&
    EXTENSION.test(name) &&
    !new RegExp(UNSAFE_IN_FILE_NAME.source).test(name) &&
    !/^[\s.]/.test(name) &&
    !WINDOWS_RESERVED.test(name.replace(/ - .*$/, ''))
  );
}

/** The same name with the given extension in place of its own (main saves the bytes under what they are). */
export const withExtension = (name: string, extension: string): string => `${name.replace(EXTENSION, '')}.${extension}`;

/**
 * `documents.saveCopy`: main asks where to save (its own dialog, this name offered) and writes the verified
 * cached bytes there, unencrypted because the user chose that place. The renderer never hands bytes or a path.
 */
export const documentSaveCopyInputSchema = z.strictObject({
  practiceKey: z.uuid(),
  ref: documentRefSchema,
  fileName: z.string().min(5).max(MAX_COPY_NAME_LENGTH).refine(isSafeCopyFileName, 'Not a safe file name for a copy'),
});
export const documentSaveCopyResultSchema = z.discriminatedUnion('ok', [
  /** saved false: the user closed the dialog without choosing a place. */
  z.strictObject({ ok: z.literal(true), saved: z.boolean(), savedAs: z.string().max(MAX_COPY_NAME_LENGTH).nullable() }),
  z.strictObject({ ok: z.literal(false), message: z.string().max(1000) }),
]);
export type DocumentSaveCopyResult = z.infer<typeof documentSaveCopyResultSchema>;
