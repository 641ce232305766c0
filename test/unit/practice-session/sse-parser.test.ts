import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from '../../../src-main/practice-session/sse-parser';

function parse(chunks: readonly string[]) {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const parser = createSseParser({ onEvent: (e) => events.push(e), onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries, lastEventId: parser.lastEventId() };
}

describe('the change stream’s Server-Sent Events parser', () => {
  it('reads the hub’s ready, heartbeat and poke as they are sent', () => {
    const { events, retries, lastEventId } = parse([
      'retry: 5000\nid: 7\nevent: ready\ndata: {"seq":7}\n\n',
      ': heartbeat\n\n',
      'id: 9\nevent: poke\ndata: {"seq":9,"lists":["proposals"],"clients":[]}\n\n',
    ]);
    expect(retries).toEqual([5000]);
    expect(events).toEqual([
      { lastEventId: '7', event: 'ready', data: '{"seq":7}' },
      { lastEventId: '9', event: 'poke', data: '{"seq":9,"lists":["proposals"],"clients":[]}' },
    ]);
    expect(lastEventId).toBe('9');
  });

  it('gives the same events however the bytes are cut, with LF, CR or CRLF line ends', () => {
    const text = 'id: 3\r\nevent: poke\r\ndata: a\r\ndata: b\r\n\r\nid: 4\rdata: c\r\rdata:d\n\n';
    const whole = parse([text]).events;
    expect(whole).toEqual([
      { lastEventId: '3', event: 'poke', data: 'a\nb' },
      { lastEventId: '4', event: 'message', data: 'c' },
      { lastEventId: '4', event: 'message', data: 'd' },
    ]);
    for (let cut = 1; cut < text.length; cut++)
      expect(parse([text.slice(0, cut), text.slice(cut)]).events, `cut at ${cut}`).toEqual(whole);
    expect(parse([...text]).events).toEqual(whole);
  });

  it('dispatches nothing for an event without data, nor for an unfinished one; keeps an id that has no data', () => {
    const { events, lastEventId } = parse(['id: 12\nevent: poke\n\n', 'data: half']);
    expect(events).toEqual([]);
    expect(lastEventId).toBe('12');
  });

  it('ignores unknown fields, a bad retry and an id with NUL', () => {
    const { events, retries } = parse(['id: 1\nfoo: bar\nretry: soon\nid: x\0y\ndata: z\n\n']);
    expect(retries).toEqual([]);
    expect(events).toEqual([{ lastEventId: '1', event: 'message', data: 'z' }]);
  });
});
