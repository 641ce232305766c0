import { join } from 'node:path';
import { BrowserWindow, app, dialog } from 'electron';

/**
 * Electron's save dialog for a copy of a document: in the user's Documents folder under the offered name,
 * PDFs only. Attached to the focused window so it cannot end up behind it. null when the user cancels.
 */
export async function electronChooseSavePath(suggestedName: string): Promise<string | null> {
  const options: Electron.SaveDialogOptions = {
    title: 'Save a copy',
    defaultPath: join(app.getPath('documents'), suggestedName),
    buttonLabel: 'Save copy',
    filters: [{ name: 'PDF documents', extensions: ['pdf'] }],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  };
  const window = BrowserWindow.getFocusedWindow();
  const answer = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  return answer.canceled || !answer.filePath ? null : answer.filePath;
}
