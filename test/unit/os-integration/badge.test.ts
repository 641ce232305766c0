import { describe, expect, it } from 'vitest';
import { badgeFor, createBadge, overlayDotBitmap, type BadgeUpdate } from '../../../src-main/os-integration/badge';

describe('dock and taskbar badge', () => {
  it('macOS and Linux: the unsent count as the badge number; 0 clears it', () => {
    expect(badgeFor(3, 'darwin')).toEqual({ kind: 'count', count: 3 });
    expect(badgeFor(0, 'linux')).toEqual({ kind: 'count', count: 0 });
  });

  it('Windows: an overlay with the count in its description, none at 0', () => {
    expect(badgeFor(1, 'win32')).toEqual({ kind: 'overlay', count: 1, description: '1 action not sent yet' });
    expect(badgeFor(5, 'win32')).toEqual({ kind: 'overlay', count: 5, description: '5 actions not sent yet' });
    expect(badgeFor(0, 'win32')).toEqual({ kind: 'overlay', count: 0, description: '' });
  });

  it('applies a change once: reports that leave the count as it was change nothing', () => {
    const applied: BadgeUpdate[] = [];
    const badge = createBadge({ platform: 'darwin', apply: (update) => applied.push(update) });
    badge.show(2);
    badge.show(2);
    badge.show(0);
    badge.show(0);
    expect(applied).toEqual([
      { kind: 'count', count: 2 },
      { kind: 'count', count: 0 },
    ]);
  });

  it('draws the overlay dot as 16×16 BGRA pixels: opaque red in the middle, transparent corners', () => {
    const pixels = overlayDotBitmap();
    expect(pixels).toHaveLength(16 * 16 * 4);
    const at = (x: number, y: number) => [...pixels.subarray((y * 16 + x) * 4, (y * 16 + x) * 4 + 4)];
    expect(at(8, 8)).toEqual([0x2e, 0x2e, 0xd9, 0xff]);
    expect(at(0, 0)).toEqual([0, 0, 0, 0]);
  });
});

describe('the badge while the window is shown to a client', () => {
  it('is cleared: the count is the whole practice’s', () => {
    const applied: BadgeUpdate[] = [];
    let clientFacing = false;
    const badge = createBadge({
      platform: 'darwin',
      apply: (update) => applied.push(update),
      isClientFacing: () => clientFacing,
    });
    badge.show(4);
    clientFacing = true;
    badge.show(5);
    expect(applied).toEqual([
      { kind: 'count', count: 4 },
      { kind: 'count', count: 0 },
    ]);
  });
});
