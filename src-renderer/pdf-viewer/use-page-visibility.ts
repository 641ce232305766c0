import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Pages within half a screen of the visible area are drawn ahead of being scrolled to. */
const NEAR_MARGIN = '50% 0px';
/** Drawn pages further than two screens away give their canvas back (memory stays bounded). */
const KEEP_MARGIN = '200% 0px';

export interface PageVisibility {
  /** Pages to draw now. */
  near: ReadonlySet<number>;
  /** Pages that may keep what they drew. */
  kept: ReadonlySet<number>;
  /** Ref callback factory target: call with a page's element when it mounts and with null when it unmounts. */
  observe(pageNumber: number, element: HTMLElement | null): void;
}

function updated(
  previous: ReadonlySet<number>,
  entries: IntersectionObserverEntry[],
  pageOf: (el: Element) => number | undefined,
): ReadonlySet<number> {
  let next: Set<number> | null = null;
  for (const entry of entries) {
    const page = pageOf(entry.target);
    if (page === undefined || entry.isIntersecting === previous.has(page)) continue;
    next ??= new Set(previous);
    if (entry.isIntersecting) next.add(page);
    else next.delete(page);
  }
  return next ?? previous;
}

/**
 * Which pages are near the scroll area's visible part, from two IntersectionObservers on it. Nothing
 * is measured on scroll; the browser reports crossings. `initialPage` counts as near until the first
 * report, so the first page starts drawing without waiting a frame.
 */
export function usePageVisibility(scrollRef: RefObject<HTMLElement | null>, initialPage: number): PageVisibility {
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([initialPage]));
  const [kept, setKept] = useState<ReadonlySet<number>>(() => new Set([initialPage]));
  const elements = useRef(new Map<Element, number>());
  const observers = useRef<IntersectionObserver[]>([]);

  useEffect(() => {
    const root = scrollRef.current;
    if (!root) return;
    const pageOf = (el: Element) => elements.current.get(el);
    const nearObserver = new IntersectionObserver((entries) => setNear((prev) => updated(prev, entries, pageOf)), {
      root,
      rootMargin: NEAR_MARGIN,
    });
    const keepObserver = new IntersectionObserver((entries) => setKept((prev) => updated(prev, entries, pageOf)), {
      root,
      rootMargin: KEEP_MARGIN,
    });
    observers.current = [nearObserver, keepObserver];
    for (const element of elements.current.keys()) {
      nearObserver.observe(element);
      keepObserver.observe(element);
    }
    return () => {
      nearObserver.disconnect();
      keepObserver.disconnect();
      observers.current = [];
    };
  }, [scrollRef]);

  const observe = useCallback((pageNumber: number, element: HTMLElement | null) => {
    if (element) {
      elements.current.set(element, pageNumber);
      for (const observer of observers.current) observer.observe(element);
      return;
    }
    for (const [el, page] of elements.current) {
      if (page !== pageNumber) continue;
      elements.current.delete(el);
      for (const observer of observers.current) observer.unobserve(el);
    }
  }, []);

  return { near, kept, observe };
}
