import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, MIN_SIZE, restoreWindowState } from '../../../src-main/window-state/window-state';

const laptop = { x: 0, y: 0, width: 1440, height: 900 };
const external = { x: 1440, y: 0, width: 2560, height: 1440 };

describe('restoring the window position', () => {
  it('reuses a saved position that is on a screen', () => {
    const saved = { x: 100, y: 80, width: 1200, height: 800, maximized: false };
    expect(restoreWindowState(saved, [laptop])).toEqual(saved);
  });

  it('drops the position when its monitor is gone, but keeps size and maximised state', () => {
    const saved = { x: 2000, y: 100, width: 1400, height: 850, maximized: true };
    expect(restoreWindowState(saved, [laptop])).toEqual({ width: 1400, height: 850, maximized: true });
    expect(restoreWindowState(saved, [laptop, external])).toEqual(saved);
  });

  it('drops a position whose title bar is above the screen', () => {
    const saved = { x: 100, y: -500, width: 1000, height: 700, maximized: false };
    expect(restoreWindowState(saved, [laptop])).not.toHaveProperty('y');
  });

  it('clamps sizes to what the largest screen shows and to the minimum', () => {
    expect(restoreWindowState({ x: 0, y: 0, width: 5000, height: 4000, maximized: false }, [laptop])).toMatchObject({
      width: 1440,
      height: 900,
    });
    expect(restoreWindowState({ x: 0, y: 0, width: 200, height: 100, maximized: false }, [laptop])).toMatchObject({
      width: MIN_SIZE.width,
      height: MIN_SIZE.height,
    });
  });

  it('falls back to the default size for missing or edited state', () => {
    for (const saved of [undefined, null, 'x', { x: 'a' }, { x: 1, y: 1, width: -5, height: 10, maximized: false }]) {
      expect(restoreWindowState(saved, [laptop])).toEqual({ ...DEFAULT_SIZE, maximized: false });
    }
  });
});
