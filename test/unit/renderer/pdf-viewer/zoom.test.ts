import { describe, expect, it } from 'vitest';
import {
  MAX_ZOOM,
  MIN_ZOOM,
  ZOOM_STEPS,
  canvasPixelRatio,
  clampZoom,
  fitWidthZoom,
  zoomIn,
  zoomOut,
  zoomPercent,
} from '../../../../src-renderer/pdf-viewer/zoom';

const A4_WIDTH_PT = 595.28;

describe('zoom', () => {
  it('fits a page to the available width without overflowing it', () => {
    const zoom = fitWidthZoom(1000, A4_WIDTH_PT);
    expect(A4_WIDTH_PT * (96 / 72) * zoom).toBeLessThanOrEqual(1000);
    expect(A4_WIDTH_PT * (96 / 72) * zoom).toBeGreaterThan(998);
    expect(fitWidthZoom(A4_WIDTH_PT * (96 / 72), A4_WIDTH_PT)).toBe(1);
  });

  it('keeps fit width within the zoom limits and sane for nonsense input', () => {
    expect(fitWidthZoom(10, A4_WIDTH_PT)).toBe(MIN_ZOOM);
    expect(fitWidthZoom(100_000, A4_WIDTH_PT)).toBe(MAX_ZOOM);
    expect(fitWidthZoom(0, A4_WIDTH_PT)).toBe(1);
    expect(fitWidthZoom(800, 0)).toBe(1);
    expect(fitWidthZoom(Number.NaN, A4_WIDTH_PT)).toBe(1);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('steps in and out through the steps, from any zoom, and stops at the ends', () => {
    expect(zoomIn(1)).toBe(1.1);
    expect(zoomOut(1)).toBe(0.9);
    expect(zoomIn(1.03)).toBe(1.1);
    expect(zoomOut(1.03)).toBe(1);
    expect(zoomIn(MAX_ZOOM)).toBe(MAX_ZOOM);
    expect(zoomOut(MIN_ZOOM)).toBe(MIN_ZOOM);
    let zoom: number = MIN_ZOOM;
    const visited = [zoom];
    while (zoom < MAX_ZOOM) visited.push((zoom = zoomIn(zoom)));
    expect(visited).toEqual([...ZOOM_STEPS]);
  });

  it('prints zoom as a whole percentage', () => {
    expect(zoomPercent(1)).toBe('100%');
    expect(zoomPercent(1.337)).toBe('134%');
  });

  it('gives canvases the screen density, less when a canvas would be huge', () => {
    expect(canvasPixelRatio(800, 1100, 2)).toBe(2);
    expect(canvasPixelRatio(800, 1100, 0)).toBe(1);
    const ratio = canvasPixelRatio(4000, 6000, 2);
    expect(4000 * ratio * 6000 * ratio).toBeLessThanOrEqual(16_777_216 + 1);
  });
});
