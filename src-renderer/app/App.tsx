import { Callout, Theme } from '@radix-ui/themes';
import { RouterProvider } from 'react-router';
import { UpdateBanner } from '../updates/UpdateBanner';
import { ForgottenPractices } from './ForgottenPractices';
import { useAppearance } from './os-integration';
import type { AppRouter } from './router';
import { useServices } from '../context/services-context';
import { activePractice } from '../stores/practice-store';
import { RegionContext } from '../ui/regional/use-region';
import { usePractice } from '../context/store-hooks';

/** The window's tree. Its background work (OS integration, desktop messages, warm-ups) is the root's `start()`. */
export function App({ router }: { router: AppRouter }) {
  const { companion } = useServices();
  const appearance = useAppearance();
  // Every amount, date and number on screen is formatted for the active practice's region.
  const region = usePractice((s) => activePractice(s)?.region);

  return (
    <Theme appearance={appearance} accentColor="indigo" grayColor="slate" radius="medium" scaling="100%">
      <RegionContext.Provider value={region}>
        {companion ? (
          <RouterProvider router={router} />
        ) : (
          <Callout.Root color="red" m="6" role="alert">
            <Callout.Text>
              Practice Companion could not reach its main process. Start it with “npm start” (desktop) or “npm run
              preview:browser” (browser preview) rather than opening this page directly.
            </Callout.Text>
          </Callout.Root>
        )}
        {companion ? <ForgottenPractices /> : null}
        {companion ? <UpdateBanner companion={companion} /> : null}
      </RegionContext.Provider>
    </Theme>
  );
}
