import type { AppInfo } from '../../src-preload/contract/app-info';

/** Facts about the running process, supplied by whichever entry (Electron or preview) built main. */
export interface RuntimeFacts {
  name: string;
  version: string;
  platform: string;
  arch: string;
  runtime: AppInfo['runtime'];
  versions: { electron?: string | undefined; chrome?: string | undefined; node: string };
}

export interface AppPaths {
  userData: string;
  logs: string;
}

function knownPlatform(platform: string): AppInfo['platform'] {
  return platform === 'darwin' || platform === 'win32' || platform === 'linux' ? platform : 'other';
}

export function describeApp(runtime: RuntimeFacts, paths: AppPaths): AppInfo {
  return {
    name: runtime.name,
    version: runtime.version,
    platform: knownPlatform(runtime.platform),
    arch: runtime.arch,
    runtime: runtime.runtime,
    versions: {
      electron: runtime.versions.electron ?? null,
      chrome: runtime.versions.chrome ?? null,
      node: runtime.versions.node,
    },
    paths: { userData: paths.userData, logs: paths.logs },
  };
}
