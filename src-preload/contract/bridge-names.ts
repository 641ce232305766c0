/**
 * The names of everything the renderer may ask of main, and of every event main may push.
 *
 * Plain data with no imports, because the sandboxed preload bundles it at runtime and should carry
 * nothing else from the contract. The schemas for each name live in `bridge-schemas.ts`, which is
 * checked at compile time to cover exactly these names.
 */
export const methodNames = [
  'app.info',
  'app.policy',
  'connectivity.status',
  'practice.list',
  'practice.connect',
  'practice.connectDemo',
  'practice.connectHub',
  'practice.addOwnCredentials',
  'practice.removeOwnCredentials',
  'practice.signOut',
  'practice.budget',
  'practice.read',
  'practice.cancel',
  'sync.start',
  'sync.stop',
  'sync.ack',
  'sync.liveStatus',
  'outbox.send',
  'outbox.verify',
  'documents.open',
  'documents.fetch',
  'documents.list',
  'documents.unpin',
  'documents.showInSystemViewer',
  'documents.saveCopy',
  'documents.passphraseStatus',
  'documents.enterPassphrase',
  'documents.changePassphrase',
  'documents.forgetPassphrase',
  'desktop.updateStatus',
  'desktop.restartToUpdate',
  'desktop.reportActivity',
  'desktop.logError',
  'desktop.diagnostics',
  'desktop.openLogsFolder',
  'desktop.saveSupportBundle',
  'desktop.answerProxyLogin',
  'desktop.theme',
  'desktop.setTheme',
  'desktop.regionHosts',
  'desktop.presence',
  'desktop.proposalAccepted',
  'clientFacing.status',
  'clientFacing.enter',
  'clientFacing.exit',
  'clientFacing.changePin',
] as const;
export const eventNames = [
  'connectivity.changed',
  'sync.page',
  'sync.progress',
  'sync.poke',
  'sync.live',
  'practice.budget',
  'desktop.updateStatus',
  'desktop.command',
  'desktop.openRecord',
  'desktop.theme',
  'desktop.presence',
  'desktop.proxyLogin',
] as const;

export type MethodName = (typeof methodNames)[number];
export type EventName = (typeof eventNames)[number];

/** The single IPC channel requests travel on; main's registry dispatches by `method`. */
export const INVOKE_CHANNEL = 'companion:invoke';
/** The single IPC channel events travel on. */
export const EVENT_CHANNEL = 'companion:event';
