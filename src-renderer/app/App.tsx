import { Callout, Theme } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { findCompanion } from '../bridge/companion';
import { useAppInfo } from './app-info-store';
import { preparePdfViewer } from '../pdf-viewer/lazy';
import { watchConnectivity } from '../connectivity/connectivity-store';
import { watchMeetingPacks } from '../meeting-packs/meeting-pack-store';
import { watchOutbox } from '../outbox/outbox-store';
import { watchPracticeSync } from '../practice/practice-store';
import { UpdateBanner } from '../updates/UpdateBanner';
import { useDesktopCommands } from './desktop-commands';
import { ForgottenPractices } from './ForgottenPractices';
import { useOsIntegration } from './os-integration';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  const companion = findCompanion();
  useDesktopCommands(companion, router);
  const appearance = useOsIntegration(companion);

  useEffect(() => {
    if (!companion) return;
    void useAppInfo.getState().load(companion);
    const stopConnectivity = watchConnectivity(companion);
    const stopSync = watchPracticeSync(companion);
    const stopOutbox = watchOutbox(companion);
    const stopPacks = watchMeetingPacks(companion);
    // Start pdf.js's worker once the app has settled, so the first PDF opens without waiting for it.
    const warmUp = setTimeout(() => void preparePdfViewer().catch(() => undefined), 2_000);
    return () => {
      clearTimeout(warmUp);
      stopPacks();
      stopConnectivity();
      stopSync();
      stopOutbox();
    };
  }, [companion]);

  return (
    <Theme appearance={appearance} accentColor="indigo" grayColor="slate" radius="medium" scaling="100%">
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
      {companion ? <ForgottenPractices companion={companion} /> : null}
      {companion ? <UpdateBanner companion={companion} /> : null}
    </Theme>
  );
}
