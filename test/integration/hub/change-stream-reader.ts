/** Reads a hub's change stream as a laptop would, collecting its pokes (test helper). */
export interface StreamReader {
  /** Every poke seen so far. */
  pokes: { seq: number; lists: string[]; clients: string[] | null }[];
  /** Resolves once a poke matches, or fails after `ms`. */
  poke(matches: (poke: StreamReader['pokes'][number]) => boolean, ms: number, what: string): Promise<void>;
  close(): void;
  /** Resolves when the hub ends the stream (or the connection is cut). */
  ended: Promise<void>;
}

export async function openChangeStream(hubUrl: string, device: { id: string; token: string }): Promise<StreamReader> {
  const controller = new AbortController();
  const response = await fetch(`${hubUrl}/hub/v1/changes`, {
    headers: { 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`The change stream answered ${response.status}.`);
  const pokes: StreamReader['pokes'] = [];
  let text = '';
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const ended = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      text += chunk.value;
      for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
        const message = text.slice(0, end);
        text = text.slice(end + 2);
        if (/^event: ready$/m.test(message)) ready();
        const data = /^event: poke\ndata: (.*)$/m.exec(message);
        if (data) pokes.push(JSON.parse(data[1]!) as StreamReader['pokes'][number]);
      }
    }
  })();
  await isReady;
  return {
    ended,
    pokes,
    async poke(matches, ms, what) {
      for (const start = Date.now(); !pokes.some(matches); await new Promise((resolve) => setTimeout(resolve, 25)))
        if (Date.now() - start > ms)
          throw new Error(`${what}: no such poke within ${ms} ms (${JSON.stringify(pokes)})`);
    },
    close: () => controller.abort(),
  };
}
