/**
 * The PDF viewer's keys, as the Help screen lists them. PdfDocumentView.tsx handles them: a key changed
 * there is changed here. Plain data with no pdf.js, so the Help screen can list them without loading it.
 */
export const pdfViewerShortcuts = [
  { keys: 'Ctrl/⌘ P', does: 'Print the document' },
  { keys: 'Ctrl/⌘ F', does: 'Find in the document' },
  { keys: 'Enter / Shift+Enter, F3 / Shift+F3, Ctrl/⌘ G', does: 'Next / previous match' },
  { keys: 'Page Down / Page Up', does: 'Next / previous page' },
  { keys: 'Home / End', does: 'First / last page' },
  { keys: 'Ctrl/⌘ = / Ctrl/⌘ −', does: 'Zoom in / out' },
  { keys: 'Ctrl/⌘ 0', does: 'Fit the page width' },
] as const;
