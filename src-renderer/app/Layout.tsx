import { Flex, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Notices } from '../notices/Notices';
import { OfflineBanner } from '../connectivity/OfflineBanner';
import { useShouldAskWhoAmI, useWhoAmIHydration } from '../who-am-i/who-am-i';
import { lazyComponent } from '../ui/LazyLoad';
import { routes } from '../../src-preload/contract/routes';

/** Asked once per practice: its code is fetched only when there is something to ask. */
const WhoAmIPrompt = lazyComponent(
  () => import('../features/settings/ThisIsMe').then((m) => m.WhoAmIPrompt),
  'who is using this laptop',
);
import { StatusBar } from './StatusBar';
import { OutboxBadge } from '../features/outbox/OutboxBadge';
import { preloadScreens, screens } from './screens';
import { navSection, type NavTrail } from './nav-section';
import { useServices } from '../context/services-context';
import { isMac, useScreenShortcuts } from './screen-shortcuts';
import { useFocusKeeper } from './focus-keeper';

const modifierLabel = isMac ? '⌘' : 'Ctrl+';

/**
 * Once the first screen shows its content and the window is idle, fetch the others so a shortcut never waits
 * (earlier, their code would compete with the first rows for the main thread).
 */
function usePreloadScreensWhenIdle(): void {
  const { firstScreen } = useServices();
  useEffect(() => {
    let idle: number | null = null;
    const cancelWait = firstScreen.whenShown(() => {
      idle = requestIdleCallback(preloadScreens, { timeout: 3_000 });
    });
    return () => {
      cancelWait();
      if (idle !== null) cancelIdleCallback(idle);
    };
  }, [firstScreen]);
}

/**
 * The client list marks the first screen once its first rows are on screen. Any other screen (a deep link, a
 * menu command, the user moving on) has nothing slower to wait for: its showing marks it, so the warm-ups and
 * the background jobs (which wait for the mark) do not wait for the fallback.
 */
function useMarkFirstScreenOffTheList(): void {
  const { firstScreen } = useServices();
  const { pathname } = useLocation();
  const onList = pathname === '/' || pathname === routes.screen('clients');
  useEffect(() => {
    if (!onList) firstScreen.mark();
  }, [onList, firstScreen]);
}

/**
 * The navigation entry to light: the screen's own, or for a document the screen it was opened from
 * (nav-section.ts). The previous location is kept in state and replaced during the render that sees a
 * new location, so the first render of a document still knows where the user came from.
 */
function useNavSection(): string {
  const location = useLocation();
  const [trail, setTrail] = useState<NavTrail | null>(null);
  const section = navSection(location, trail);
  if (trail?.key !== location.key) setTrail({ key: location.key, pathname: location.pathname, section });
  return section;
}

export function Layout() {
  const section = useNavSection();
  useScreenShortcuts();
  useFocusKeeper();
  usePreloadScreensWhenIdle();
  useMarkFirstScreenOffTheList();
  useWhoAmIHydration();
  const askWhoAmI = useShouldAskWhoAmI();
  const skipToContent = (): void => document.getElementById('main')?.focus();
  return (
    <div className="shell">
      <button type="button" className="skip-link" onClick={skipToContent}>
        Skip to content
      </button>
      <nav aria-label="Main" className="sidebar">
        <Text as="div" size="3" weight="bold" className="sidebar__brand">
          Practice Companion
        </Text>
        <Flex asChild direction="column" gap="1">
          <ul className="nav-list">
            {screens.map((screen) => (
              <li key={screen.path}>
                <Link
                  to={routes.screen(screen.path)}
                  className={section === screen.path ? 'nav-link nav-link--active' : 'nav-link'}
                  aria-current={section === screen.path ? 'page' : undefined}
                  aria-keyshortcuts={`${isMac ? 'Meta' : 'Control'}+${screen.shortcut}`}
                  // About to be opened: start fetching its code now (a no-op once it is there).
                  onMouseEnter={() => void screen.Component.preload().catch(() => undefined)}
                  onFocus={() => void screen.Component.preload().catch(() => undefined)}
                >
                  <span>{screen.label}</span>
                  {screen.path === 'outbox' ? <OutboxBadge /> : null}
                  <kbd className="nav-link__shortcut">
                    {modifierLabel}
                    {screen.shortcut}
                  </kbd>
                </Link>
              </li>
            ))}
          </ul>
        </Flex>
      </nav>
      <main id="main" tabIndex={-1} className="content">
        <OfflineBanner />
        {askWhoAmI ? <WhoAmIPrompt /> : null}
        <Outlet />
      </main>
      <StatusBar />
      <Notices />
    </div>
  );
}
