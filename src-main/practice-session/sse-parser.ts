/** One Server-Sent Event, as the WHATWG rules dispatch it. */
export interface SseEvent {
  /** The last event id seen on the stream so far (ids persist across events until changed). */
  lastEventId: string;
  event: string;
  data: string;
}

/**
 * An incremental parser of a `text/event-stream` (the WHATWG rules, without EventSource: main reads the
 * stream from the session's fetch, so the hub's pinned transport applies to it too). Chunks may split lines
 * anywhere, lines end in LF, CR or CRLF, comments (":") are dropped, `data` lines join with LF, an event
 * with no data is not dispatched, and `retry` reports the server's reconnection time.
 */
export function createSseParser(handlers: { onEvent(event: SseEvent): void; onRetry?(ms: number): void }) {
  let buffer = '';
  let lastEventId = '';
  let event = '';
  let data: string[] = [];
  // A chunk ending in CR may be the first half of CRLF: the LF that follows is not a second line end.
  let skipLf = false;

  function line(text: string): void {
    if (text === '') {
      if (data.length > 0) handlers.onEvent({ lastEventId, event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) handlers.onRetry?.(Number(value));
  }

  return {
    push(chunk: string): void {
      let text = chunk;
      if (skipLf && text.startsWith('\n')) text = text.slice(1);
      skipLf = false;
      buffer += text;
      for (;;) {
        const end = buffer.search(/[\r\n]/);
        if (end < 0) break;
        const crlf = buffer[end] === '\r' && buffer[end + 1] === '\n';
        if (buffer[end] === '\r' && end === buffer.length - 1) skipLf = true;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + (crlf ? 2 : 1));
      }
    },
    /** The id to send as Last-Event-ID when reconnecting ('' before any). */
    lastEventId: (): string => lastEventId,
  };
}
