import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { scrollPageToTop } from './scroll-within';

export interface PageNavigation {
  /** The page at the upper part of the visible area (what "page 3 of 12" refers to). */
  currentPage: number;
  /** Scrolls page `n` (clamped to the document) to the top of the visible area. */
  goToPage(n: number): void;
  /** Call with a page's element when it mounts and with null when it unmounts. */
  register(pageNumber: number, element: HTMLElement | null): void;
}

/** Where, as a fraction of the visible height, the line that decides the current page lies. */
const CURRENT_PAGE_LINE = 0.3;

/**
 * The current page while the pages scroll (read once per frame from the pages' offsets), and a
 * `goToPage` for the toolbar, the keyboard and the search.
 */
export function usePageNavigation(
  scrollRef: RefObject<HTMLElement | null>,
  pageCount: number,
  initialPage: number,
): PageNavigation {
  const elements = useRef(new Map<number, HTMLElement>());
  const [currentPage, setCurrentPage] = useState(initialPage);

  useEffect(() => {
    const root = scrollRef.current;
    if (!root) return;
    let frame = 0;
    const update = (): void => {
      frame = 0;
      const atEnd = root.scrollTop + root.clientHeight >= root.scrollHeight - 2;
      const line = atEnd ? root.scrollHeight : root.scrollTop + root.clientHeight * CURRENT_PAGE_LINE;
      let current = 1;
      for (let n = 1; n <= pageCount; n++) {
        const element = elements.current.get(n);
        if (!element) continue;
        if (element.offsetTop > line) break;
        current = n;
      }
      setCurrentPage(current);
    };
    const onScroll = (): void => {
      frame ||= requestAnimationFrame(update);
    };
    root.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      root.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [scrollRef, pageCount]);

  const goToPage = useCallback(
    (n: number) => {
      const target = Math.min(pageCount, Math.max(1, Math.round(n)));
      const element = elements.current.get(target);
      if (element && scrollRef.current) scrollPageToTop(scrollRef.current, element);
      setCurrentPage(target);
    },
    [pageCount, scrollRef],
  );

  const register = useCallback((pageNumber: number, element: HTMLElement | null) => {
    if (element) elements.current.set(pageNumber, element);
    else elements.current.delete(pageNumber);
  }, []);

  return { currentPage, goToPage, register };
}
