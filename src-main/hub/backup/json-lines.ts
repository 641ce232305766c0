import { StringDecoder } from 'node:string_decoder';

/**
 * The lines of a UTF-8 byte stream, without their `\n`; a last line without one is yielded too, so a reader
 * that needs the stream's own end marker sees a cut-off line and refuses it.
 */
export async function* textLines(source: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of source) {
    rest += decoder.write(Buffer.from(chunk));
    let at = rest.indexOf('\n');
    let from = 0;
    while (at >= 0) {
      yield rest.slice(from, at);
      from = at + 1;
      at = rest.indexOf('\n', from);
    }
    rest = rest.slice(from);
  }
  rest += decoder.end();
  if (rest.length > 0) yield rest;
}

/** Pulls one line at a time from an iterator; null at the end. */
export function linePuller(lines: AsyncIterator<string>): () => Promise<string | null> {
  return async () => {
    const next = await lines.next();
    return next.done ? null : next.value;
  };
}

/** A line's JSON, or undefined when it is none (a schema then refuses it with the caller's sentence). */
export function parseJsonLine(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Gathers lines into pieces of about 64 KiB for `write`: a stream (zlib, a socket) takes each write as one
 * unit of work, and a mirror is hundreds of thousands of short lines.
 */
export function gatherLines(write: (piece: string) => Promise<void>): {
  line(text: string): Promise<void>;
  flush(): Promise<void>;
} {
  let gathered: string[] = [];
  let length = 0;
  const flush = async () => {
    if (gathered.length === 0) return;
    const piece = gathered.join('');
    [gathered, length] = [[], 0];
    await write(piece);
  };
  return {
    async line(text) {
      gathered.push(`${text}\n`);
      length += text.length + 1;
      if (length >= 64 * 1024) await flush();
    },
    flush,
  };
}
