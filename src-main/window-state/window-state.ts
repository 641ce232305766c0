import { z } from 'zod';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

/** What to open the window with: a position only when it is known to be on a screen. */
export interface InitialWindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 820 };
export const MIN_SIZE = { width: 900, height: 600 };
/** How much of the title bar must stay on a screen for a saved position to be reused. */
const MIN_VISIBLE = { width: 120, height: 40 };

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * Turns the remembered window state into safe opening bounds. A monitor may have been unplugged or
 * the saved file edited, so a position is kept only if the top of the window lands on some display's
 * work area, and the size is clamped to what the largest display can show.
 */
export function restoreWindowState(saved: unknown, workAreas: readonly Rect[]): InitialWindowBounds {
  const parsed = windowStateSchema.safeParse(saved);
  const largest = workAreas.reduce<Rect | undefined>(
    (best, area) => (!best || area.width * area.height > best.width * best.height ? area : best),
    undefined,
  );
  const maxWidth = largest?.width ?? DEFAULT_SIZE.width;
  const maxHeight = largest?.height ?? DEFAULT_SIZE.height;
  const clampSize = (width: number, height: number) => ({
    width: Math.max(Math.min(width, maxWidth), Math.min(MIN_SIZE.width, maxWidth)),
    height: Math.max(Math.min(height, maxHeight), Math.min(MIN_SIZE.height, maxHeight)),
  });
  if (!parsed.success) return { ...clampSize(DEFAULT_SIZE.width, DEFAULT_SIZE.height), maximized: false };

  const state = parsed.data;
  const size = clampSize(state.width, state.height);
  const titleBar: Rect = { x: state.x, y: state.y, width: size.width, height: MIN_VISIBLE.height };
  const visible = workAreas.some((area) => {
    const o = overlap(titleBar, area);
    return o.width >= MIN_VISIBLE.width && o.height >= MIN_VISIBLE.height;
  });
  return visible
    ? { x: state.x, y: state.y, ...size, maximized: state.maximized }
    : { ...size, maximized: state.maximized };
}
