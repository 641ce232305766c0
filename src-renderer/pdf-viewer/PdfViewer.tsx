import { Flex, Spinner, Text } from '@radix-ui/themes';
import { useCallback, useEffect, useRef, useState } from 'react';
import './pdf-viewer.css';
import { PdfDocumentView } from './PdfDocumentView';
import { PdfProblemNotice } from './PdfProblemNotice';
import { PdfViewerBoundary } from './PdfViewerBoundary';
import type { PdfProblem } from './pdf-problem';
import { usePdfDocument } from './use-pdf-document';

export interface PdfViewerProps {
  /**
   * The PDF file's bytes (e.g. from main's document cache). Never modified or transferred: pdf.js gets
   * its own copy. Pass a different array to show another file; the previous document, its pages and
   * renders are cancelled and destroyed. Keep the same array across re-renders (don't copy it per render).
   */
  bytes: Uint8Array;
  /** What the document is, for people: "Invoice INV-004213". Names the viewer for screen readers. */
  title: string;
  /** 1-based page to open at (clamped to the document). Default 1. */
  initialPage?: number;
  /**
   * Called once per file when its first shown page has been painted, with the milliseconds from the
   * viewer receiving the bytes to that frame (worker start, parse, page, canvas and paint included).
   */
  onFirstPagePainted?: (ms: number) => void;
  /** Called when the file cannot be shown (the viewer already says why); e.g. to offer downloading it again. */
  onProblem?: (problem: PdfProblem) => void;
  className?: string;
}

/**
 * A self-contained PDF viewer over pdf.js: pages drawn as they come near (canvas plus a selectable
 * text layer), page navigation, zoom and fit width, find in document, keyboard shortcuts
 * (PageUp/PageDown, Home/End, Ctrl/⌘ + =/−/0, Ctrl/⌘+F, Enter/Shift+Enter or F3 in the find field),
 * and a plain-language message instead of any file it cannot show (damaged, empty, password-protected
 * with a password field). It fills its container: give the parent a height (without one it takes at
 * most the window's height). Pages are drawn only near the visible part of its own scroll area.
 */
export function PdfViewer(props: PdfViewerProps) {
  return (
    <section
      className={props.className ? `pdf-viewer ${props.className}` : 'pdf-viewer'}
      aria-label={`PDF: ${props.title}`}
    >
      <PdfViewerBoundary resetKey={props.bytes}>
        <PdfViewerBody {...props} />
      </PdfViewerBoundary>
    </section>
  );
}

function PdfViewerBody({ bytes, title, initialPage = 1, onFirstPagePainted, onProblem }: PdfViewerProps) {
  // When these bytes arrived, and whether their first page has been reported painted.
  const received = useRef({ bytes, at: performance.now(), reported: false });
  if (received.current.bytes !== bytes) received.current = { bytes, at: performance.now(), reported: false };
  const callbacks = useRef({ onFirstPagePainted, onProblem });
  callbacks.current = { onFirstPagePainted, onProblem };

  const [password, setPassword] = useState<{ bytes: Uint8Array; value: string } | null>(null);
  const state = usePdfDocument(bytes, password?.bytes === bytes ? password.value : undefined);

  useEffect(() => {
    if (state.status === 'failed') callbacks.current.onProblem?.(state.problem);
  }, [state]);

  const firstPage = state.status === 'ready' ? Math.min(state.doc.numPages, Math.max(1, initialPage)) : 1;
  const onPagePainted = useCallback(
    (pageNumber: number, at: number) => {
      const arrival = received.current;
      if (arrival.reported || pageNumber !== firstPage) return;
      arrival.reported = true;
      callbacks.current.onFirstPagePainted?.(at - arrival.at);
    },
    [firstPage],
  );

  if (state.status === 'loading') {
    return (
      <Flex align="center" gap="2" className="pdf-viewer__notice" role="status">
        <Spinner />
        <Text size="2" color="gray">
          Opening {title}…
        </Text>
      </Flex>
    );
  }
  if (state.status === 'failed') {
    return (
      <PdfProblemNotice problem={state.problem} title={title} onPassword={(value) => setPassword({ bytes, value })} />
    );
  }
  return (
    <PdfDocumentView
      key={state.doc.loadingTask.docId}
      doc={state.doc}
      title={title}
      firstPageSize={state.firstPageSize}
      initialPage={firstPage}
      onPagePainted={onPagePainted}
    />
  );
}
