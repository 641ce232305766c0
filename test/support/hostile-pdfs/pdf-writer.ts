/**
 * A minimal PDF writer for the hostile-PDF corpus: numbered objects (dictionaries, optionally with a
 * stream), a classic cross-reference table and a trailer. Just enough to hand-craft files that
 * pdf-lib would refuse to write (encrypted, payload-carrying, deliberately odd).
 */

export interface PdfObject {
  /** Dictionary entries without the << >>; for a stream, /Length is added. A non-dictionary object sets `raw`. */
  dict?: string;
  raw?: string;
  stream?: Uint8Array;
}

const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export const ascii = latin1;

/** Hex string for a PDF <…> literal. */
export const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex').toUpperCase();

/**
 * Writes objects 1…n (in order) and the trailer entries given (besides /Size).
 * `header` is the first line, e.g. '%PDF-1.7'.
 */
export function writePdf(objects: readonly PdfObject[], trailer: string, header = '%PDF-1.7'): Uint8Array {
  const parts: Uint8Array[] = [latin1(`${header}\n%\xe2\xe3\xcf\xd3\n`)];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(offset);
    const body = object.raw ?? `<< ${object.dict ?? ''}${object.stream ? ` /Length ${object.stream.length}` : ''} >>`;
    const chunk = object.stream
      ? concatBytes([latin1(`${index + 1} 0 obj\n${body}\nstream\n`), object.stream, latin1('\nendstream\nendobj\n')])
      : latin1(`${index + 1} 0 obj\n${body}\nendobj\n`);
    parts.push(chunk);
    offset += chunk.length;
  });
  const size = objects.length + 1;
  const xref = ['xref', `0 ${size}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)].join('\n');
  parts.push(latin1(`${xref}\ntrailer\n<< /Size ${size} ${trailer} >>\nstartxref\n${offset}\n%%EOF\n`));
  return concatBytes(parts);
}

/** A deterministic pseudo-random byte source (mulberry32), so the corpus is the same on every run. */
export function seededBytes(length: number, seed: number): Uint8Array {
  let state = seed >>> 0;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  return out;
}
