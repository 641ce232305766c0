import { createContext, useContext, type ReactNode } from 'react';
import type { PdfWorkerHolder } from './pdf-worker-holder';

const PdfWorkerContext = createContext<PdfWorkerHolder | null>(null);

/** Gives the viewers below it their pdf.js worker (the app's comes from the composition root, via `<ServicesProvider>`). */
export function PdfWorkerProvider({ holder, children }: { holder: PdfWorkerHolder; children: ReactNode }) {
  return <PdfWorkerContext.Provider value={holder}>{children}</PdfWorkerContext.Provider>;
}

/** The pdf.js worker of the window; a viewer outside `<PdfWorkerProvider>` is a programming error. */
export function usePdfWorker(): PdfWorkerHolder {
  const holder = useContext(PdfWorkerContext);
  if (!holder)
    throw new Error('The PDF viewer needs a <PdfWorkerProvider> above it (the app gets one from <ServicesProvider>).');
  return holder;
}
