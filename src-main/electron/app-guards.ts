import { app, session, type WebContents } from 'electron';

/**
 * App-wide hardening that applies to every web contents, present or future: no new windows, no
 * navigation away from our own origin, no <webview>, and every permission request denied (the app
 * needs none of camera, notifications, geolocation …).
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

  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}
