import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Companion } from '../../../../src-preload/contract/companion';
import type { Presence } from '../../../../src-preload/contract/sync-cadence';
import { systemClock } from '../../../../src-renderer/jobs/clock';
import { createPagePresence, PAGE_IDLE_AFTER_MS } from '../../../../src-renderer/presence/page-presence';
import { createPresenceSource, furthest } from '../../../../src-renderer/presence/presence-source';

/** A page as the browser gives it: a document whose visibility and focus the test sets, and a window of events. */
function fakePage() {
  const document = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
    focused: true,
    hasFocus: () => document.focused,
  });
  const window = new EventTarget();
  const hide = () => {
    document.visibilityState = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const show = () => {
    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const blur = () => {
    document.focused = false;
    window.dispatchEvent(new Event('blur'));
  };
  const focus = () => {
    document.focused = true;
    window.dispatchEvent(new Event('focus'));
  };
  const input = () => window.dispatchEvent(new Event('keydown'));
  return { host: { document, window } as never, hide, show, blur, focus, input };
}

/** Main's side of the bridge: its presence now, and its `desktop.presence` events. */
function fakeMain(initial: Presence) {
  const listeners = new Set<(payload: { presence: Presence }) => void>();
  const companion = {
    desktop: { presence: vi.fn(async () => ({ presence: initial })) },
    on: (_event: string, listener: (payload: { presence: Presence }) => void) => (
      listeners.add(listener),
      () => listeners.delete(listener)
    ),
  } as unknown as Companion;
  return { companion, emit: (presence: Presence) => listeners.forEach((l) => l({ presence })) };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

describe("the page's presence", () => {
  it('is hidden while the document is hidden, idle while the window is not focused, active otherwise', () => {
    const page = fakePage();
    const presence = createPagePresence(page.host, systemClock);
    const seen: Presence[] = [];
    presence.subscribe(() => seen.push(presence.current()));
    presence.start();
    expect(presence.current()).toBe('active');
    page.hide();
    page.show();
    page.blur();
    page.focus();
    expect(seen).toEqual(['hidden', 'active', 'idle', 'active']);
  });

  it('is idle after five minutes without input, active again at the next input', async () => {
    const page = fakePage();
    const presence = createPagePresence(page.host, systemClock);
    presence.start();
    await vi.advanceTimersByTimeAsync(PAGE_IDLE_AFTER_MS - 60_000);
    page.input(); // four minutes in: the five minutes start again
    await vi.advanceTimersByTimeAsync(PAGE_IDLE_AFTER_MS - 1);
    expect(presence.current()).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(presence.current()).toBe('idle');
    page.input();
    expect(presence.current()).toBe('active');
    await vi.advanceTimersByTimeAsync(PAGE_IDLE_AFTER_MS);
    expect(presence.current()).toBe('idle');
  });

  it('stops listening when stopped', () => {
    const page = fakePage();
    const presence = createPagePresence(page.host, systemClock);
    presence.start();
    presence.stop();
    page.hide();
    expect(presence.current()).toBe('active');
  });
});

describe("the window's presence: main's and the page's combined", () => {
  it('takes the further of the two', () => {
    expect(furthest('active', 'hidden')).toBe('hidden');
    expect(furthest('asleep', 'idle')).toBe('asleep');
    expect(furthest('idle', 'active')).toBe('idle');
  });

  it("in Electron follows main's events (sleep, lock) and the page's visibility alike, and tells each change once", async () => {
    const page = fakePage();
    const main = fakeMain('active');
    const source = createPresenceSource({
      companion: main.companion,
      page: createPagePresence(page.host, systemClock),
    });
    const changes: [Presence, Presence][] = [];
    source.subscribe((now, before) => changes.push([now, before]));
    source.start();
    await vi.advanceTimersByTimeAsync(0);
    main.emit('asleep');
    page.hide(); // still asleep
    main.emit('hidden'); // unlocked, the window still hidden: no change told twice
    page.show();
    main.emit('active');
    expect(changes).toEqual([
      ['asleep', 'active'],
      ['hidden', 'asleep'],
      ['active', 'hidden'],
    ]);
  });

  it("in the browser preview (main always 'active') follows the page: hidden when the document is hidden", async () => {
    const page = fakePage();
    const source = createPresenceSource({
      companion: fakeMain('active').companion,
      page: createPagePresence(page.host, systemClock),
    });
    source.start();
    await vi.advanceTimersByTimeAsync(0);
    page.hide();
    expect(source.current()).toBe('hidden');
  });

  it("starts from main's presence as read, and without a page (Node) from main's alone", async () => {
    const source = createPresenceSource({ companion: fakeMain('idle').companion, page: null });
    source.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(source.current()).toBe('idle');
    source.stop();
  });
});
