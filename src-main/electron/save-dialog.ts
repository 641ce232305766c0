import { extname, join } from 'node:path';
import { BrowserWindow, app, dialog } from 'electron';

/**
 * Electron's save dialog for a copy of a document: in the user's Documents folder under the offered name, of
 * that name's type only (a bill's PDF, a client's photo or Word file: main built the extension from what the
 * bytes are). Attached to the focused window so it cannot end up behind it. null when the user cancels.
 */
const FILTER_NAMES: Readonly<Record<string, string>> = {
  pdf: 'PDF documents',
  png: 'Images',
  jpg: 'Images',
  webp: 'Images',
  heic: 'Images',
  tif: 'Images',
  doc: 'Word documents',
  docx: 'Word documents',
  xls: 'Excel workbooks',
  xlsx: 'Excel workbooks',
  csv: 'CSV files',
  txt: 'Text files',
};

export async function electronChooseSavePath(suggestedName: string): Promise<string | null> {
  const extension = extname(suggestedName).slice(1).toLowerCase() || 'pdf';
  const options: Electron.SaveDialogOptions = {
    title: 'Save a copy',
    defaultPath: join(app.getPath('documents'), suggestedName),
    buttonLabel: 'Save copy',
    filters: [{ name: FILTER_NAMES[extension] ?? `${extension.toUpperCase()} files`, extensions: [extension] }],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  };
  const window = BrowserWindow.getFocusedWindow();
  const answer = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  return answer.canceled || !answer.filePath ? null : answer.filePath;
}
