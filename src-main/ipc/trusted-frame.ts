/**
 * The parts of Electron's IpcMainInvokeEvent the sender check needs. Structural, so it is tested in
 * plain Node with fake frames and satisfied by the real event in Electron.
 */
export interface FrameLike {
  url: string;
  /** null for a top-level frame; any value for an iframe. */
  parent: unknown;
}
export interface SenderLike {
  senderFrame: FrameLike | null;
}

/**
 * Trusts only the top-level frame of a page served from one of our own origins (the custom protocol
 * in production, the Vite dev server in development). Iframes, about:blank, file:// and remote pages
 * are refused, as VS Code's validatedIpcMain does.
 */
export function createTrustedFrameCheck(allowedOrigins: readonly string[]) {
  const origins = new Set(allowedOrigins);
  return (event: SenderLike): boolean => {
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    let origin: string;
    try {
      const url = new URL(frame.url);
      // URL.origin is "null" for non-special schemes, so build it for our app:// protocol by hand.
      origin = `${url.protocol}//${url.host}`;
    } catch {
      return false;
    }
    return origins.has(origin);
  };
}
