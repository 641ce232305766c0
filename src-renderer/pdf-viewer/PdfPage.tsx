import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { memo, useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import type { PageTextCache } from './page-text-cache';
import { isCancellation } from './pdf-problem';
import { centreInArea, scrollAreaOf } from './scroll-within';
import { afterNextPaint, buildTextLayer, drawPage, pageViewport, type BuiltTextLayer } from './render-page';
import { highlightTextLayer, type HighlightRange } from './text-highlight';
import type { PageSize } from './use-pdf-document';
import { CSS_PX_PER_PDF_POINT } from './zoom';

export interface PdfPageProps {
  doc: PDFDocumentProxy;
  textCache: PageTextCache;
  pageNumber: number;
  zoom: number;
  /** The page's size in points: its own once known, else the first page's (most documents are uniform). */
  size: PageSize;
  /** Near the visible area: draw. */
  near: boolean;
  /** Not far away: keep what was drawn. */
  kept: boolean;
  highlights: readonly HighlightRange[];
  /** Changes when the selected search match (on this page) should be scrolled into view; 0 = never. */
  revealToken: number;
  register(pageNumber: number, element: HTMLElement | null): void;
  onSize(pageNumber: number, size: PageSize): void;
  /** The page's canvas has been painted (after a frame), with the time it was. */
  onPainted(pageNumber: number, at: number): void;
}

/** A stopped render of a document that is being closed is not a problem worth showing. */
const quietly = (doc: PDFDocumentProxy, signal: AbortSignal, error: unknown): boolean =>
  signal.aborted || isCancellation(error) || doc.loadingTask.destroyed;

/**
 * One page: a box of the page's size that draws its canvas and text layer only while near the
 * visible area, re-draws on zoom (keeping the old canvas, stretched, until the new one is ready),
 * cancels whatever is in flight when it moves on, and gives its canvas back when far away.
 */
export const PdfPage = memo(function PdfPage(props: PdfPageProps) {
  const { doc, textCache, pageNumber, zoom, near, kept, highlights, revealToken, register, onSize, onPainted } = props;
  const [active, setActive] = useState(near);
  const [page, setPage] = useState<PDFPageProxy | null>(null);
  const [paintedZoom, setPaintedZoom] = useState<number | null>(null);
  const [textLayer, setTextLayer] = useState<BuiltTextLayer | null>(null);
  const [failed, setFailed] = useState(false);
  const layersRef = useRef<HTMLDivElement>(null);
  const touched = useRef<{ layer: BuiltTextLayer | null; items: Set<number> }>({ layer: null, items: new Set() });
  const revealed = useRef(0);

  useEffect(() => {
    if (near) setActive(true);
    else if (!kept) setActive(false);
  }, [near, kept]);

  // The page object, once the page is wanted.
  useEffect(() => {
    if (!active || page) return;
    const controller = new AbortController();
    doc.getPage(pageNumber).then(
      (proxy) => {
        if (controller.signal.aborted) return;
        const viewport = proxy.getViewport({ scale: 1 });
        onSize(pageNumber, { width: viewport.width, height: viewport.height });
        setPage(proxy);
      },
      (error: unknown) => {
        if (!quietly(doc, controller.signal, error)) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [active, page, doc, pageNumber, onSize]);

  // Canvas, then text layer, at the current zoom.
  useEffect(() => {
    const host = layersRef.current;
    if (!active || !page || !host) return;
    const controller = new AbortController();
    const { signal } = controller;
    const viewport = pageViewport(page, zoom);
    (async () => {
      const canvas = await drawPage(page, viewport, signal);
      if (signal.aborted) return;
      host.querySelector('canvas')?.remove();
      host.prepend(canvas);
      setPaintedZoom(zoom);
      // The text layer waits for the canvas's frame: building it on the main thread would otherwise delay that paint.
      const paintedAt = await afterNextPaint();
      if (signal.aborted) return;
      onPainted(pageNumber, paintedAt);
      const { content } = await textCache.get(pageNumber);
      if (signal.aborted) return;
      const layer = await buildTextLayer(content, viewport, signal);
      if (signal.aborted) return;
      host.querySelector('.textLayer')?.remove();
      host.append(layer.element);
      setTextLayer(layer);
    })().catch((error: unknown) => {
      if (!quietly(doc, signal, error)) setFailed(true);
    });
    return () => controller.abort();
  }, [active, page, zoom, doc, textCache, pageNumber, onPainted]);

  // Far away: give the canvas and text layer back.
  useEffect(() => {
    if (active) return;
    layersRef.current?.replaceChildren();
    setPaintedZoom(null);
    setTextLayer(null);
    page?.cleanup();
  }, [active, page]);

  // Search matches on the text layer; the selected one scrolled into view once per reveal.
  useEffect(() => {
    if (!textLayer) return;
    const previous = touched.current.layer === textLayer ? touched.current.items : new Set<number>();
    touched.current = {
      layer: textLayer,
      items: highlightTextLayer(textLayer.divs, textLayer.itemTexts, previous, highlights),
    };
    if (revealToken !== 0 && revealToken !== revealed.current) {
      const selected = textLayer.element.querySelector('.highlight.selected');
      const area = selected && scrollAreaOf(selected);
      if (selected && area) {
        revealed.current = revealToken;
        centreInArea(area, selected);
      }
    }
  }, [textLayer, highlights, revealToken]);

  const ref = useCallback((element: HTMLDivElement | null) => register(pageNumber, element), [register, pageNumber]);
  const width = props.size.width * zoom * CSS_PX_PER_PDF_POINT;
  const height = props.size.height * zoom * CSS_PX_PER_PDF_POINT;
  const style = {
    width: `${width}px`,
    height: `${height}px`,
    // pdf.js's text layer sizes and places its spans from these (its viewport scale includes UserUnit).
    '--total-scale-factor': String(zoom * CSS_PX_PER_PDF_POINT * (page?.userUnit ?? 1)),
    '--scale-round-x': '1px',
    '--scale-round-y': '1px',
  } as CSSProperties;

  return (
    <div
      ref={ref}
      className="pdf-page"
      style={style}
      role="group"
      aria-label={`Page ${pageNumber}`}
      data-page-number={pageNumber}
      data-rendered={paintedZoom !== null ? 'true' : 'false'}
    >
      <div ref={layersRef} className="pdf-page__layers" />
      {failed ? (
        <p className="pdf-page__message" role="alert">
          Page {pageNumber} could not be shown.
        </p>
      ) : paintedZoom === null ? (
        <p className="pdf-page__message" aria-hidden="true">
          Page {pageNumber}
        </p>
      ) : null}
    </div>
  );
});
