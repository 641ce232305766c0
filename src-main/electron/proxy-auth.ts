import { app, type AuthInfo } from 'electron';
import type { ProxyLogin } from '../proxy-login/proxy-login';

/**
 * Electron's `login` event, for a proxy's challenge only: answered by the proxy-login service (remembered, or
 * asked in the window). A server's own basic-auth challenge is left to Electron's default (cancelled): the
 * Partner API and the hub authenticate with headers, never with a browser prompt.
 */
export function installProxyAuth(proxyLogin: Pick<ProxyLogin, 'challenge'>): void {
  app.on('login', (event, _webContents, _details, authInfo: AuthInfo, callback) => {
    const handled = proxyLogin.challenge(
      {
        isProxy: authInfo.isProxy,
        host: authInfo.host,
        port: authInfo.port,
        realm: authInfo.realm,
        scheme: authInfo.scheme,
      },
      (credentials) => (credentials ? callback(credentials.username, credentials.password) : callback()),
    );
    if (handled) event.preventDefault();
  });
}
