import { AnnotationMode, TextLayer, type PDFPageProxy } from 'pdfjs-dist';
import type { PageViewport } from 'pdfjs-dist/types/src/display/page_viewport';
import type { TextContent } from 'pdfjs-dist/types/src/display/api';
import { CSS_PX_PER_PDF_POINT, canvasPixelRatio } from './zoom';

export const pageViewport = (page: PDFPageProxy, zoom: number): PageViewport =>
  page.getViewport({ scale: zoom * CSS_PX_PER_PDF_POINT });

/**
 * Draws a page into a new canvas (so a re-render at another zoom never blanks the one on screen, and
 * pdf.js never sees one canvas in two renders). Aborting `signal` cancels the render task; the
 * promise then rejects with pdf.js's RenderingCancelledException.
 */
export async function drawPage(
  page: PDFPageProxy,
  viewport: PageViewport,
  signal: AbortSignal,
): Promise<HTMLCanvasElement> {
  const ratio = canvasPixelRatio(viewport.width, viewport.height, window.devicePixelRatio);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.floor(viewport.width * ratio));
  canvas.height = Math.max(1, Math.floor(viewport.height * ratio));
  canvas.className = 'pdf-page__canvas';
  canvas.setAttribute('aria-hidden', 'true');
  const task = page.render({
    canvas,
    viewport,
    transform: [canvas.width / viewport.width, 0, 0, canvas.height / viewport.height, 0, 0],
    // Annotation appearances (stamps, form values) are drawn; links and forms are not interactive.
    annotationMode: AnnotationMode.ENABLE,
  });
  const cancel = (): void => task.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    await task.promise;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  return canvas;
}

export interface BuiltTextLayer {
  element: HTMLDivElement;
  /** One span per text item, in the order of the page's text items. */
  divs: HTMLElement[];
  itemTexts: string[];
}

/** pdf.js's TextLayer (transparent, selectable spans over the canvas) for `content` at `viewport`. */
export async function buildTextLayer(
  content: TextContent,
  viewport: PageViewport,
  signal: AbortSignal,
): Promise<BuiltTextLayer> {
  const element = document.createElement('div');
  element.className = 'textLayer';
  const textLayer = new TextLayer({ textContentSource: content, container: element, viewport });
  const cancel = (): void => textLayer.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    await textLayer.render();
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  return { element, divs: textLayer.textDivs, itemTexts: textLayer.textContentItemsStr };
}

/** Resolves once the browser has painted the frame after now (a task posted from requestAnimationFrame). */
export function afterNextPaint(): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve(performance.now());
      };
      channel.port2.postMessage(null);
    });
  });
}
