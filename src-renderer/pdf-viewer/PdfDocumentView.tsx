import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { PageTextCache } from './page-text-cache';
import { PdfPage } from './PdfPage';
import { PdfSearchBar } from './PdfSearchBar';
import { PdfToolbar } from './PdfToolbar';
import { firstMatchFrom, matchItemRanges } from './pdf-search';
import type { HighlightRange } from './text-highlight';
import { useContentWidth } from './use-content-width';
import { useDocumentSearch } from './use-document-search';
import { usePageNavigation } from './use-page-navigation';
import { usePageVisibility } from './use-page-visibility';
import type { PageSize } from './use-pdf-document';
import { clearPrintedPages, printDocument } from './print-pages';
import { fitWidthZoom, zoomIn, zoomOut, type ZoomMode } from './zoom';

export interface PdfDocumentViewProps {
  doc: PDFDocumentProxy;
  title: string;
  firstPageSize: PageSize;
  initialPage: number;
  onPagePainted(pageNumber: number, at: number): void;
}

const NO_HIGHLIGHTS: readonly HighlightRange[] = [];

/** An open document: toolbar (pages, zoom, find) over the scrolling pages, with keyboard shortcuts. */
export function PdfDocumentView({ doc, title, firstPageSize, initialPage, onPagePainted }: PdfDocumentViewProps) {
  const pageCount = doc.numPages;
  const startPage = Math.min(pageCount, Math.max(1, initialPage));
  const scrollRef = useRef<HTMLDivElement>(null);
  const searchInputRef = useRef<HTMLInputElement>(null);
  const textCache = useMemo(() => new PageTextCache(doc), [doc]);

  // Zoom: fit width follows the pages area's width; a fixed zoom stays.
  const width = useContentWidth(scrollRef);
  const [zoomMode, setZoomMode] = useState<ZoomMode>({ kind: 'fit-width' });
  const zoom = zoomMode.kind === 'fixed' ? zoomMode.zoom : fitWidthZoom(width ?? 0, firstPageSize.width);
  const changeZoom = useCallback(
    (next: (current: number) => number) => setZoomMode({ kind: 'fixed', zoom: next(zoom) }),
    [zoom],
  );

  // Pages: sizes as they become known, which are near the visible area, which is current.
  const [sizes, setSizes] = useState<ReadonlyMap<number, PageSize>>(() => new Map());
  const visibility = usePageVisibility(scrollRef, startPage);
  const navigation = usePageNavigation(scrollRef, pageCount, startPage);
  const { observe } = visibility;
  const { register: registerForNavigation, goToPage, currentPage } = navigation;
  const register = useCallback(
    (pageNumber: number, element: HTMLElement | null) => {
      observe(pageNumber, element);
      registerForNavigation(pageNumber, element);
    },
    [observe, registerForNavigation],
  );
  const onSize = useCallback(
    (pageNumber: number, size: PageSize) =>
      setSizes((previous) => {
        const known = previous.get(pageNumber) ?? firstPageSize;
        if (known.width === size.width && known.height === size.height) return previous;
        return new Map(previous).set(pageNumber, size);
      }),
    [firstPageSize],
  );

  // Keep the reading position across zoom changes (as a fraction of the scroll height).
  const scrollFraction = useRef(0);
  useEffect(() => {
    const root = scrollRef.current;
    if (!root) return;
    const onScroll = (): void => {
      scrollFraction.current = root.scrollTop / Math.max(1, root.scrollHeight);
    };
    root.addEventListener('scroll', onScroll, { passive: true });
    return () => root.removeEventListener('scroll', onScroll);
  }, []);
  const shownZoom = useRef<number | null>(null);
  useLayoutEffect(() => {
    const root = scrollRef.current;
    if (width === null || !root) return;
    if (shownZoom.current === null) {
      if (startPage > 1) goToPage(startPage);
    } else if (shownZoom.current !== zoom) {
      root.scrollTop = scrollFraction.current * root.scrollHeight;
    }
    shownZoom.current = zoom;
  }, [width, zoom, startPage, goToPage]);

  // Find in document.
  const [query, setQuery] = useState('');
  const search = useDocumentSearch(textCache, pageCount, query);
  const [matchIndex, setMatchIndex] = useState(-1);
  const [revealToken, setRevealToken] = useState(0);
  const latest = useRef({ currentPage, near: visibility.near });
  latest.current = { currentPage, near: visibility.near };
  const select = useCallback(
    (index: number) => {
      const match = search.matches[index];
      setMatchIndex(match ? index : -1);
      if (!match) return;
      // A page that is not drawn yet is scrolled to first; its text layer then reveals the match.
      if (!latest.current.near.has(match.page)) goToPage(match.page);
      setRevealToken((token) => token + 1);
    },
    [search.matches, goToPage],
  );
  useEffect(() => {
    if (search.status === 'done') select(firstMatchFrom(search.matches, latest.current.currentPage));
    else setMatchIndex(-1);
  }, [search, select]);
  const matchCount = search.matches.length;
  const nextMatch = useCallback(
    () => matchCount > 0 && select((matchIndex + 1) % matchCount),
    [matchCount, matchIndex, select],
  );
  const previousMatch = useCallback(
    () => matchCount > 0 && select((matchIndex - 1 + matchCount) % matchCount),
    [matchCount, matchIndex, select],
  );
  const highlightsByPage = useMemo(() => {
    const byPage = new Map<number, HighlightRange[]>();
    search.matches.forEach((match, index) => {
      const text = search.pageTexts.get(match.page);
      if (!text) return;
      const list = byPage.get(match.page) ?? [];
      for (const range of matchItemRanges(text, match)) list.push({ ...range, selected: index === matchIndex });
      byPage.set(match.page, list);
    });
    return byPage;
  }, [search, matchIndex]);
  const selectedPage = search.matches[matchIndex]?.page;

  // Print: the whole document, drawn for paper; Ctrl/⌘+P anywhere while the viewer is shown.
  const [printing, setPrinting] = useState<'idle' | 'preparing' | 'failed'>('idle');
  const preparing = useRef(false);
  const print = useCallback(() => {
    if (preparing.current) return;
    preparing.current = true;
    setPrinting('preparing');
    void printDocument(doc, title)
      .then(
        () => setPrinting('idle'),
        () => setPrinting('failed'),
      )
      .finally(() => {
        preparing.current = false;
      });
  }, [doc, title]);
  useEffect(() => {
    const onPrintKey = (event: globalThis.KeyboardEvent): void => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'p')
        return;
      event.preventDefault();
      print();
    };
    window.addEventListener('keydown', onPrintKey);
    return () => window.removeEventListener('keydown', onPrintKey);
  }, [print]);
  useEffect(() => clearPrintedPages, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const modifier = event.ctrlKey || event.metaKey;
    const target = event.target as HTMLElement;
    const inField = target.tagName === 'INPUT' || target.tagName === 'TEXTAREA';
    let handled = true;
    if (modifier && !event.altKey) {
      if (event.key === '=' || event.key === '+') changeZoom(zoomIn);
      else if (event.key === '-') changeZoom(zoomOut);
      else if (event.key === '0') setZoomMode({ kind: 'fit-width' });
      else if (event.key.toLowerCase() === 'f') searchInputRef.current?.select();
      else if (event.key.toLowerCase() === 'g') (event.shiftKey ? previousMatch : nextMatch)();
      else handled = false;
    } else if (event.key === 'F3') {
      (event.shiftKey ? previousMatch : nextMatch)();
    } else if (!inField && !event.altKey && event.key === 'PageDown') goToPage(currentPage + 1);
    else if (!inField && !event.altKey && event.key === 'PageUp') goToPage(currentPage - 1);
    else if (!inField && !event.altKey && event.key === 'Home') goToPage(1);
    else if (!inField && !event.altKey && event.key === 'End') goToPage(pageCount);
    else handled = false;
    if (handled) event.preventDefault();
  };

  const pages = [];
  if (width !== null) {
    for (let n = 1; n <= pageCount; n++) {
      pages.push(
        <PdfPage
          key={n}
          doc={doc}
          textCache={textCache}
          pageNumber={n}
          zoom={zoom}
          size={sizes.get(n) ?? firstPageSize}
          near={visibility.near.has(n)}
          kept={visibility.kept.has(n)}
          highlights={highlightsByPage.get(n) ?? NO_HIGHLIGHTS}
          revealToken={n === selectedPage ? revealToken : 0}
          register={register}
          onSize={onSize}
          onPainted={onPagePainted}
        />,
      );
    }
  }

  return (
    // The viewer's shortcuts listen where key presses from its buttons, search field and pages bubble up; this box itself takes no focus.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a keyboard-shortcut listener around focusable children, not a control
    <div className="pdf-viewer__document" onKeyDown={onKeyDown}>
      <div className="pdf-viewer__toolbar" role="group" aria-label="PDF controls">
        <PdfToolbar
          pageCount={pageCount}
          currentPage={currentPage}
          onGoToPage={goToPage}
          zoom={zoom}
          fitWidth={zoomMode.kind === 'fit-width'}
          onZoomIn={() => changeZoom(zoomIn)}
          onZoomOut={() => changeZoom(zoomOut)}
          onFitWidth={() => setZoomMode({ kind: 'fit-width' })}
          printing={printing}
          onPrint={print}
        />
        <PdfSearchBar
          inputRef={searchInputRef}
          query={query}
          onQueryChange={setQuery}
          status={search.status}
          matchIndex={matchIndex}
          matchCount={matchCount}
          truncated={search.truncated}
          onNext={nextMatch}
          onPrevious={previousMatch}
        />
      </div>
      {/* A scrolling region must take focus so keyboard users can scroll it. */}
      <div
        ref={scrollRef}
        className="pdf-viewer__pages"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
        tabIndex={0}
        role="region"
        aria-label={`Pages of ${title}`}
        data-testid="pdf-pages"
      >
        {pages}
      </div>
    </div>
  );
}
