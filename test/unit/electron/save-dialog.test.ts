import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Electron's dialog and window, faked: what main would ask the OS, and what the user answers. */
const electron = vi.hoisted(() => {
  const state = {
    answer: { canceled: false, filePath: '/home/me/Documents/copy.pdf' } as { canceled: boolean; filePath?: string },
    focused: null as object | null,
    asked: [] as { window: object | null; options: Record<string, unknown> }[],
  };
  const showSaveDialog = async (...args: unknown[]) => {
    const [window, options] = args.length === 2 ? args : [null, args[0]];
    state.asked.push({ window: window as object | null, options: options as Record<string, unknown> });
    return state.answer;
  };
  return {
    state,
    module: {
      app: { getPath: (name: string) => `/home/me/${name === 'documents' ? 'Documents' : name}` },
      dialog: { showSaveDialog },
      BrowserWindow: { getFocusedWindow: () => state.focused },
    },
  };
});
vi.mock('electron', () => ({ ...electron.module, default: electron.module }));

const { electronChooseSavePath } = await import('../../../src-main/electron/save-dialog');

beforeEach(() => {
  electron.state.asked = [];
  electron.state.focused = null;
});

describe("main's save dialog for a copy of a document", () => {
  it("offers the name in the user's Documents folder, PDFs only, over the focused window", async () => {
    const window = { id: 1 };
    electron.state.focused = window;
    electron.state.answer = { canceled: false, filePath: '/home/me/Documents/copy.pdf' };
    expect(await electronChooseSavePath('Oliver - Bill 1 - 2026-11-26.pdf')).toBe('/home/me/Documents/copy.pdf');
    expect(electron.state.asked).toHaveLength(1);
    expect(electron.state.asked[0]!.window).toBe(window);
    expect(electron.state.asked[0]!.options).toMatchObject({
      defaultPath: '/home/me/Documents/Oliver - Bill 1 - 2026-11-26.pdf',
      filters: [{ name: 'PDF documents', extensions: ['pdf'] }],
    });
  });

  it("offers a client's uploaded photo as an image, under its own extension", async () => {
    await electronChooseSavePath('Jane Citizen - photo-id - 2026-11-20.png');
    expect(electron.state.asked[0]!.options).toMatchObject({ filters: [{ name: 'Images', extensions: ['png'] }] });
  });

  it('answers null when the user cancels', async () => {
    electron.state.answer = { canceled: true, filePath: '' };
    expect(await electronChooseSavePath('a - 2026-11-26.pdf')).toBeNull();
    expect(electron.state.asked[0]!.window).toBeNull();
  });
});
