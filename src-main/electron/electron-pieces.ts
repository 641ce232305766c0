import { app, net, safeStorage, session, shell } from 'electron';
import Store from 'electron-store';
import type { Cipher } from '../cipher/cipher';
import { systemClock } from '../clock';
import type { MainDeps } from '../main-deps';
import type { SettingsStore } from '../settings/settings-store';
import { createElectronLogger } from './logging';
import { electronUpdates } from './updater';
import { nodePolicyReader } from '../policy/policy-sources';
import { electronThemeHost } from './theme';
import { electronSystemIdleSeconds, electronSystemLocked } from './presence';
import { createHubPins } from '../security/hub-pins';
import { createHubCertificateCheck, sayingRefusedHubCertificates } from './hub-certificates';
import { electronFetchForWrite } from './write-session';
import { electronChooseSavePath } from './save-dialog';

/** safeStorage's async API; the backend name lets the vault detect Linux's weak `basic_text`. */
function electronCipher(): Cipher {
  return {
    backend: () => (process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : process.platform),
    async isSecure() {
      if (!(await safeStorage.isAsyncEncryptionAvailable())) return false;
      return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
    },
    encrypt: async (plainText) => safeStorage.encryptStringAsync(plainText),
    async decrypt(cipherText) {
      const { result } = await safeStorage.decryptStringAsync(Buffer.from(cipherText));
      return result;
    },
  };
}

function electronSettings(): SettingsStore {
  // Private to the user (also applied to an existing file on every write): it names practices, addresses and Client IDs.
  const store = new Store<Record<string, unknown>>({ name: 'settings', configFileMode: 0o600 });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}

/** Electron's implementation of every injected piece of main. Called after `app.whenReady()`. */
export function electronMainDeps(): MainDeps {
  // A self-signed hub is trusted by its enrolment code's fingerprint, on every session main sends through.
  const hubPins = createHubPins();
  const certificates = createHubCertificateCheck(hubPins);
  certificates.install(session.defaultSession);
  return {
    runtime: {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      arch: process.arch,
      runtime: 'electron',
      versions: {
        electron: process.versions.electron,
        chrome: process.versions.chrome,
        node: process.versions.node,
      },
    },
    paths: {
      userData: app.getPath('userData'),
      logs: app.getPath('logs'),
      cache: app.getPath('sessionData'),
    },
    settings: electronSettings(),
    cipher: electronCipher(),
    fetch: sayingRefusedHubCertificates(net.fetch as unknown as typeof globalThis.fetch, hubPins, certificates),
    hubPins,
    // Writes the client will not resend go on a fresh connection each, so Chromium cannot resend them either.
    fetchForWrite: electronFetchForWrite(certificates.install),
    clock: systemClock,
    // The demo practice runs at the contract's real limits, so the app is tried as it will be used. Loaded only
    // when someone chooses to explore it: its server (Fastify), data generators and pdf-lib stay out of start-up.
    startDemo: async () => (await import('../demo-practice/create-demo-practice')).createDemoPractice({}),
    linkUp: async () => net.isOnline(),
    // Main passes only a verified cached PDF whose path it built itself (src-main/documents); never a URL.
    openPath: (absolutePath) => shell.openPath(absolutePath),
    // "Save a copy": main's own dialog; the verified bytes go only where the user chose.
    chooseSavePath: electronChooseSavePath,
    // electron-log's file in app.getPath('logs'), 5 × 1 MB, every line redacted (src-main/logging).
    log: createElectronLogger(app.getPath('logs')),
    // Off unless packaged with an update feed (app-update.yml); its lines go to the app's log (installUpdaterLog in index.ts).
    updates: electronUpdates(),
    themeHost: electronThemeHost(),
    // Polled by the presence monitor: five minutes without input anywhere on the system is "away".
    systemIdleSeconds: electronSystemIdleSeconds,
    systemLocked: electronSystemLocked,
    // The administrator's policy: /etc/practice-companion/policy.json, the Policies registry key, or managed preferences.
    policy: nodePolicyReader(process.env),
    // Only PRACTICE_COMPANION_REGIONS_FILE is read from it (src-main/regions).
    env: process.env,
  };
}
