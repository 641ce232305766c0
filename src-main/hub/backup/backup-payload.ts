import { once } from 'node:events';
import { Readable, pipeline } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { gatherLines, textLines } from './json-lines';

/**
 * What the encryption holds: lines of JSON, gzip-compressed (a mirror's JSON shrinks several times over). The
 * lines go in as they are made and come out as they are read, so neither side holds the backup in memory.
 */
export function createPayloadWriter(sink: { write(bytes: Buffer): Promise<void>; end(): Promise<void> }): {
  line(text: string): Promise<void>;
  end(): Promise<void>;
} {
  const gzip = createGzip();
  const consumed = (async () => {
    for await (const chunk of gzip) await sink.write(chunk as Buffer);
    await sink.end();
  })().catch((error: unknown) => {
    // A failed write (a full disk) ends the compression too, so a writer waiting for it hears of it.
    gzip.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  // Heard by `end` when it comes to it; a writer that failed first (and never ends) must not leave it unheard.
  consumed.catch(() => undefined);
  const lines = gatherLines(async (piece) => {
    if (!gzip.write(piece)) await once(gzip, 'drain');
  });
  return {
    line: lines.line,
    async end() {
      await lines.flush();
      gzip.end();
      await consumed;
    },
  };
}

/** The lines of a payload from its decrypted bytes; the decryption's refusal (a damaged frame) comes through. */
export function payloadLines(plain: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const gunzip = pipeline(Readable.from(plain), createGunzip(), () => undefined);
  return textLines(gunzip);
}
