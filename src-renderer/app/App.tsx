import { Callout, Theme } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { UpdateBanner } from '../updates/UpdateBanner';
import { browserDeps, handleDesktopMessages } from '../desktop/desktop-commands';
import { ForgottenPractices } from './ForgottenPractices';
import { useOsIntegration } from './os-integration';
import { createAppRouter } from './router';
import { useServices } from '../context/services-context';
import { watchClientFacing } from '../client-facing/client-facing-store';
import { activePractice, usePractice } from '../session/practice-store';
import { RegionContext } from '../ui/regional/use-region';

export function App() {
  const [router] = useState(createAppRouter);
  const services = useServices();
  const { companion } = services;
  const appearance = useOsIntegration();
  // Every amount, date and number on screen is formatted for the active practice's region.
  const region = usePractice((s) => activePractice(s)?.region);

  // Main holds client-facing mode: asked first, so a reload or restart in it comes back on the same client.
  useEffect(() => (companion ? watchClientFacing(companion) : undefined), [companion]);

  // Menu commands and deep links act on the window once it can navigate.
  useEffect(() => {
    if (!companion) return;
    return handleDesktopMessages(services.desktopInbox, browserDeps({ ...services, companion }, router));
  }, [services, companion, router]);

  // pdf.js's worker starts when the window is idle after its first paint, so the first PDF opens without waiting.
  useEffect(() => (companion ? services.warmUpPdfViewer() : undefined), [services, companion]);

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
