import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { Companion } from '../../src-preload/contract/companion';
import { PdfWorkerProvider } from '../pdf-viewer/lazy';
import type { PracticeDb } from '../data/practice-db';
import type { RendererServices } from './renderer-root';

/** The renderer's services, built once by the composition root (main.tsx); null only outside the app (tests). */
export const ServicesContext = createContext<RendererServices | null>(null);

/** Also gives the PDF viewers below it the root's pdf.js worker. */
export function ServicesProvider({ services, children }: { services: RendererServices; children: ReactNode }) {
  return (
    <ServicesContext.Provider value={services}>
      <PdfWorkerProvider holder={services.pdfWorker}>{children}</PdfWorkerProvider>
    </ServicesContext.Provider>
  );
}

/** The services of the composition root; a component outside `<ServicesProvider>` is a programming error. */
export function useServices(): RendererServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() needs a <ServicesProvider> above it (see main.tsx).');
  return services;
}

/** The bridge to main, or null when the page was opened without a preload (or outside the app). */
export function useCompanion(): Companion | null {
  return useContext(ServicesContext)?.companion ?? null;
}

/** The active practice's database, or null while no practice is connected. */
export function useActivePracticeDb(): PracticeDb | null {
  const { databases, stores } = useServices();
  const practiceKey = useStore(stores.practice, (s) => s.activePracticeKey);
  return practiceKey ? databases.of(practiceKey) : null;
}
