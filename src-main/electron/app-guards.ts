import { app, session, type WebContents } from 'electron';

/**
 * The one permission the app asks for: persistent storage, so the browser engine never evicts the
 * practice's IndexedDB (its outbox of unsent actions included) when the disk runs low. Only for our own
 * page; everything else (camera, notifications, geolocation …) is denied. Notifications are shown by
 * main with Electron's own API, never by the page.
 */
export const ALLOWED_PERMISSION = 'persistent-storage';

/**
 * App-wide hardening that applies to every web contents, present or future: no new windows, no
 * navigation away from our own origin, no <webview>, and every permission but persistent storage for
 * our own origin denied.
 */
export function installAppGuards(isOwnOrigin: (url: string) => boolean): void {
  const guard = (contents: WebContents): void => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event, url) => {
      if (!isOwnOrigin(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isOwnOrigin(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  };
  app.on('web-contents-created', (_event, contents) => guard(contents));

  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(permission === ALLOWED_PERMISSION && details.isMainFrame && isOwnOrigin(details.requestingUrl)),
  );
  session.defaultSession.setPermissionCheckHandler(
    (_contents, permission, requestingOrigin) => permission === ALLOWED_PERMISSION && isOwnOrigin(requestingOrigin),
  );
}
