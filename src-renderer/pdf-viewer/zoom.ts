/**
 * Zoom, as a factor of the page's real size (1 = 100%: an A4 page is as wide on screen as 210 mm at
 * 96 CSS px per inch). Pure functions, unit-tested.
 */

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 4;
export const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4] as const;

/** CSS pixels per PDF point (pdf.js's PixelsPerInch.PDF_TO_CSS_UNITS): 96 / 72. */
export const CSS_PX_PER_PDF_POINT = 96 / 72;

/** Fit width follows the viewer's width; a fixed zoom stays put when the window is resized. */
export type ZoomMode = { kind: 'fit-width' } | { kind: 'fixed'; zoom: number };

export const clampZoom = (zoom: number): number =>
  Number.isFinite(zoom) ? Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)) : 1;

/**
 * The zoom at which a page `pageWidthPt` points wide fills `availableWidthPx` (the scroll area's
 * inner width less its gutters). Rounded down to 1/1000 so the page never overflows by a fraction.
 */
export function fitWidthZoom(availableWidthPx: number, pageWidthPt: number): number {
  if (!(availableWidthPx > 0) || !(pageWidthPt > 0)) return 1;
  return clampZoom(Math.floor((availableWidthPx / (pageWidthPt * CSS_PX_PER_PDF_POINT)) * 1000) / 1000);
}

/** The next step above the current zoom (a fit-width zoom between steps goes to the step above it). */
export function zoomIn(current: number): number {
  return ZOOM_STEPS.find((step) => step > current + 1e-3) ?? MAX_ZOOM;
}

export function zoomOut(current: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < current - 1e-3) ?? MIN_ZOOM;
}

export const zoomPercent = (zoom: number): string => `${Math.round(zoom * 100)}%`;

/**
 * How many device pixels per CSS pixel a page canvas gets: the screen's density, lowered when the
 * canvas would exceed `maxPixels` (a huge page at high zoom must not allocate gigabytes).
 */
export function canvasPixelRatio(
  cssWidth: number,
  cssHeight: number,
  devicePixelRatio: number,
  maxPixels = 16_777_216,
): number {
  const ratio = devicePixelRatio > 0 && Number.isFinite(devicePixelRatio) ? devicePixelRatio : 1;
  const area = cssWidth * cssHeight;
  if (!(area > 0)) return ratio;
  return Math.min(ratio, Math.sqrt(maxPixels / area));
}
