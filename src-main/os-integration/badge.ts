import { countOf } from '../../src-preload/contract/counts';

/**
 * The dock/taskbar badge: how many actions of the active practice have not been sent. macOS and Linux
 * (Unity launchers) take a number through `app.setBadgeCount`; Windows has no numbered badge, so its
 * taskbar button gets a small red dot overlay with the count in the accessible description.
 */
export type BadgeUpdate = { kind: 'count'; count: number } | { kind: 'overlay'; count: number; description: string };

export function badgeFor(unsentCount: number, platform: NodeJS.Platform): BadgeUpdate {
  const count = Math.max(0, Math.floor(unsentCount));
  if (platform !== 'win32') return { kind: 'count', count };
  return {
    kind: 'overlay',
    count,
    description: count === 0 ? '' : `${countOf(count, 'action')} not sent yet`,
  };
}

/**
 * Applies badge updates, skipping one that would change nothing (reports arrive for every outbox change).
 * While the window is shown to a client the badge is cleared: the count is the whole practice's.
 */
export function createBadge(deps: {
  platform: NodeJS.Platform;
  apply: (update: BadgeUpdate) => void;
  isClientFacing?: () => boolean;
}) {
  let shown: number | null = null;
  return {
    show(unsentCount: number): void {
      const update = badgeFor(deps.isClientFacing?.() ? 0 : unsentCount, deps.platform);
      if (update.count === shown) return;
      shown = update.count;
      deps.apply(update);
    },
  };
}

export const OVERLAY_SIZE = 16;

/**
 * The Windows overlay: a 16×16 red dot, as raw BGRA pixels for `nativeImage.createFromBitmap`. Drawn
 * here rather than shipped as a file, so no asset can go missing from a package.
 */
export function overlayDotBitmap(size = OVERLAY_SIZE): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const centre = (size - 1) / 2;
  const radius = size / 2 - 0.5;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inside = Math.hypot(x - centre, y - centre) <= radius;
      if (!inside) continue;
      const at = (y * size + x) * 4;
      pixels[at] = 0x2e; // blue
      pixels[at + 1] = 0x2e; // green
      pixels[at + 2] = 0xd9; // red
      pixels[at + 3] = 0xff; // alpha
    }
  }
  return pixels;
}
