import { beforeAll, describe, expect, it } from 'vitest';
import type { DeviceCredential } from '../../../src-main/hub/devices/devices';
import { waitUntil } from '../../support/wait-for';
import { openChangeStream } from './change-stream-reader';
import { askHub } from './hub-laptop-requests';
import { useHubTestBed } from './hub-test-bed';

const bed = useHubTestBed('hub-drain-test-');

/**
 * A Partner API transport that holds every bill PDF read until the test lets it go: a laptop's read-through
 * is then under way at the hub for as long as the test likes.
 */
function heldPdfReads() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  const fetchThrough: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (/\/bills\/[^/]+\/pdf$/.test(url.pathname)) {
      held += 1;
      // Given up when the hub's client aborts it, as a real fetch is.
      const signal = init?.signal;
      await new Promise<void>((resolve, reject) => {
        void released.then(resolve);
        signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
    }
    return fetch(input, init);
  };
  return { fetch: fetchThrough, release, held: () => held };
}

/** `billIndex` differs per test: a PDF the hub has read once it keeps, and would answer without the practice. */
async function startWith(drainMs: number, billIndex: number) {
  const transport = heldPdfReads();
  const hub = await bed.startHub({ mirrorEveryMs: 3_600_000, fetch: transport.fetch, drainMs });
  const laptop: DeviceCredential = await hub.devices.add('Front desk laptop');
  const bill = [...bed.demo().runtime.practices[0]!.bills.values()][billIndex]!;
  return { hub, laptop, transport, pdfPath: `/bills/${bill.billingId}/pdf` };
}

describe('a hub told to stop', () => {
  beforeAll(() => bed.openDemo({ rateLimit: { enabled: false }, seed: 3 }));

  it('ends the change streams, takes no new request, and answers the read under way before it closes', async () => {
    const { hub, laptop, transport, pdfPath } = await startWith(20_000, 0);
    const stream = await openChangeStream(hub.hubUrl, laptop);
    const reading = askHub(hub, pdfPath, laptop);
    await waitUntil('the read-through reached the practice', () => transport.held() === 1);

    let closed = false;
    const closing = bed.stopHub().then(() => (closed = true));
    await stream.ended;
    // Not accepting: a new laptop request finds no listener.
    await waitUntil('the hub stopped listening', () =>
      fetch(`${hub.hubUrl}/livez`).then(
        () => false,
        () => true,
      ),
    );
    expect(closed).toBe(false);

    transport.release();
    const answer = await reading;
    expect(answer.status).toBe(200);
    expect(
      Buffer.from(await answer.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Closed once the read was answered, not when the drain ran out (a kept-alive connection does not hold it).
    const answeredAt = Date.now();
    await closing;
    expect(Date.now() - answeredAt).toBeLessThan(10_000);
  }, 120_000);

  it('closes a request still under way when the drain ends, and stops within it', async () => {
    const { laptop, transport, pdfPath, hub } = await startWith(300, 1);
    const reading = askHub(hub, pdfPath, laptop).then(
      (answer) => answer.status,
      () => 'cut' as const,
    );
    await waitUntil('the read-through reached the practice', () => transport.held() === 1);
    const started = Date.now();
    await bed.stopHub();
    // Within the drain (and the workers' own stop), not held by the read that never ends.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await reading).toBe('cut');
    transport.release();
  }, 120_000);
});
