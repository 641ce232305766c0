import { lazyComponent } from '../../ui/LazyLoad';

/**
 * The connection form (directly, or through the practice hub with optional own credentials), loaded the first
 * time it is shown: a laptop already connected never needs it at start, so start-up does not parse it. The
 * window fetches it once idle after the first paint, with the screens (`preloadScreens`).
 */
export const ConnectPanel = lazyComponent(
  () => import('./ConnectPanel').then((m) => m.ConnectPanel),
  'the connection form',
);
