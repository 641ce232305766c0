/**
 * `npm run package` (after `npm run build`): packs the app with electron-builder from electron-builder.yml, with
 * what only the environment can say:
 * - ELECTRON_DIST: a local Electron to pack instead of downloading one (the packaging test's stub);
 * - PRACTICE_COMPANION_UPDATE_URL: the update feed. Without it the build has no feed (updates off); one that is
 *   not https:// or carries credentials stops here, since the app trusts what its feed serves;
 * - PRACTICE_COMPANION_WIN_PUBLISHER: the publisher names (`;`-separated) a Windows update's signature must carry.
 * `--dir` builds only the unpacked app (`npm run package:dir`). Plain JavaScript, so it runs with Node alone.
 */
// CommonJS, so the script's test can stand a fake in for electron-builder (test/unit/updates/package-script.test.ts).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above: a require the test's hook can answer
const { build } = require('electron-builder');

const env = process.env;
const updateUrl = env.PRACTICE_COMPANION_UPDATE_URL;
const winPublisher = env.PRACTICE_COMPANION_WIN_PUBLISHER;

if (updateUrl) {
  let feed = null;
  try {
    feed = new URL(updateUrl);
  } catch {
    feed = null;
  }
  if (!feed || feed.protocol !== 'https:' || feed.username || feed.password) {
    console.error(
      'Not packaged: PRACTICE_COMPANION_UPDATE_URL must be an https:// address without credentials. The app trusts what its feed serves, so an http feed would let anyone on the network replace an update.',
    );
    process.exit(1);
  }
  if (!winPublisher)
    console.warn(
      'PRACTICE_COMPANION_WIN_PUBLISHER is not set: a Windows build then updates only if its signing certificate names a publisher, otherwise its updates are off.',
    );
}

const publisherName = winPublisher
  ? winPublisher
      .split(';')
      .map((name) => name.trim())
      .filter(Boolean)
  : null;

build({
  dir: process.argv.includes('--dir'),
  publish: 'never',
  config: {
    electronDist: env.ELECTRON_DIST || undefined,
    ...(updateUrl ? {} : { publish: null }),
    ...(publisherName ? { win: { signtoolOptions: { publisherName } } } : {}),
  },
}).catch((error) => {
  console.error(error);
  process.exit(1);
});
