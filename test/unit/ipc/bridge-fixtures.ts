import type { MethodInput } from '../../../src-preload/contract/bridge-schemas';
import type { MethodName } from '../../../src-preload/contract/bridge-names';
import type { SyncCursor } from '../../../src-preload/contract/sync';

/** Valid inputs, one or more per method, as the renderer sends them (plain data, within every cap). */
const practiceKey = '2b0f3c1e-8a4d-4f6b-9c2e-5d7a1b3c4e5f';
const entityKey = '7d3e9a10-4c2b-4e8f-a1d5-0b6c8e2f4a91';
const entryId = 'c4a8e2f0-1b3d-4a5c-8e7f-9a0b1c2d3e4f';
const cursor: SyncCursor = {
  resource: 'clients',
  mode: 'incremental',
  watermark: '2026-11-20T10:00:00.000Z',
  nextPage: 3,
  passServerTime: '2026-11-20T10:00:01.000Z',
  largestPage: 100,
  lastCompletedAt: null,
  recordsThisPass: 200,
  window: { startDate: '2025-01-01', endDate: '2026-11-20' },
};
const outboxInput: MethodInput<'outbox.send'> = {
  practiceKey,
  entryId,
  operation: 'contact.create',
  payload: {
    params: { entityKey },
    body: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phones: [{ number: '+61 2 5550 1234' }] },
  },
  queuedAt: '2026-11-20T09:00:00.000Z',
  claimed: ['c-1', 42],
};

export const validInputs: { [M in MethodName]: MethodInput<M>[] } = {
  'app.info': [{}],
  'app.policy': [{}],
  'connectivity.status': [{}],
  'practice.list': [{}],
  'practice.connect': [
    { region: 'UK', clientId: 'client-1', secret: 's3cret', remember: false, acceptWeakStorage: false },
    // Electron's structured clone keeps an optional field the renderer left undefined.
    {
      region: 'custom',
      customUrl: 'https://partner.example.com',
      clientId: 'c',
      secret: 'é'.repeat(500),
      remember: true,
      acceptWeakStorage: true,
      confirmAddress: undefined,
    },
  ],
  'practice.connectDemo': [{}, { region: 'ANZ' }],
  'practice.connectHub': [
    { hubUrl: 'http://127.0.0.1:4100', enrolmentCode: 'ZGV2aWNlOnRva2Vu', remember: false, acceptWeakStorage: false },
  ],
  'practice.addOwnCredentials': [
    {
      practiceKey,
      own: {
        region: 'custom',
        customUrl: 'https://api.example.com',
        clientId: 'own-id',
        secret: 's',
        confirmAddress: true,
      },
      remember: true,
      acceptWeakStorage: false,
    },
  ],
  'practice.removeOwnCredentials': [{ practiceKey }],
  'practice.signOut': [{ practiceKey }],
  'practice.budget': [{ practiceKey }, { practiceKey, estimateRequests: 120 }],
  'practice.read': [
    { practiceKey, request: { kind: 'leads.notes', leadKey: entityKey }, priority: 'interactive' },
    {
      practiceKey,
      request: { kind: 'bills.forClient', entityKey, startDate: '2025-01-01', endDate: '2026-01-01' },
      priority: 'prefetch',
      cancelId: entryId,
    },
  ],
  'practice.cancel': [{ cancelId: entryId }],
  'sync.start': [
    { practiceKey, cursors: [] },
    { practiceKey, cursors: Array.from({ length: 50 }, () => cursor) },
    { practiceKey, cursors: [], lists: ['entities', 'onboardings'] },
  ],
  'sync.stop': [{ practiceKey }],
  'sync.ack': [
    { pageId: 'p-1', ok: true },
    { pageId: 'p-2', ok: false, error: 'The database is full.' },
  ],
  'sync.liveStatus': [{}],
  'outbox.send': [outboxInput],
  'outbox.verify': [outboxInput],
  'documents.open': [
    { practiceKey, ref: { kind: 'bill', id: '1042' }, entityKey },
    { practiceKey, ref: { kind: 'bill', id: '1042' }, entityKey, cancelId: entryId },
  ],
  'documents.fetch': [
    { practiceKey, ref: { kind: 'idCertificate', id: entityKey }, entityKey, priority: 'prefetch', pinFor: 'pack-1' },
  ],
  'documents.list': [{ practiceKey }],
  'documents.unpin': [{ practiceKey, packId: 'pack-1' }],
  'documents.passphraseStatus': [{}],
  'documents.enterPassphrase': [{ passphrase: 'correct horse battery staple' }],
  'documents.changePassphrase': [{ current: 'correct horse battery staple', next: 'a new documents passphrase' }],
  'documents.forgetPassphrase': [{}],
  'documents.showInSystemViewer': [{ practiceKey, ref: { kind: 'statement', id: '77' } }],
  'documents.saveCopy': [
    { practiceKey, ref: { kind: 'bill', id: '1042' }, fileName: 'Smith & Co - Bill INV-001042 - 2026-11-26.pdf' },
  ],
  'desktop.updateStatus': [{}],
  'desktop.restartToUpdate': [{}],
  'desktop.reportActivity': [
    { outboxSending: 1, packsDownloading: 0, unsentCount: 3, needsAttentionCount: 1, deliveredSinceReconnect: 2 },
  ],
  'desktop.logError': [
    {
      source: 'error',
      message: 'Cannot read properties of undefined',
      stack: 'TypeError: …\n    at ClientList',
      route: '#/clients',
    },
    { source: 'unhandledrejection', message: 'Failed to fetch', stack: null, route: null },
  ],
  'desktop.diagnostics': [{}],
  'desktop.answerProxyLogin': [
    { id: 'q1', credentials: { username: 'staff', password: 'p' }, remember: false },
    { id: 'q2', credentials: null, remember: false },
  ],
  'desktop.saveSupportBundle': [{}],
  'desktop.openLogsFolder': [{}],
  'desktop.theme': [{}],
  'desktop.setTheme': [{ choice: 'dark' }, { choice: 'system' }],
  'desktop.regionHosts': [{}],
  'desktop.presence': [{}],
  'desktop.proposalAccepted': [
    {
      practiceKey,
      entityKey,
      clientName: 'Harbour Bakery Pty Ltd',
      proposalKey: entryId,
      proposalName: 'Annual accounts',
    },
  ],
  'clientFacing.status': [{}, { owner: { practiceKey, userKey: null } }],
  'clientFacing.enter': [
    { practiceKey, entityKey, userKey: null, newPin: '2468' },
    { practiceKey, entityKey, userKey: null },
  ],
  'clientFacing.exit': [{ pin: '2468' }],
  'clientFacing.changePin': [{ owner: { practiceKey, userKey: null }, current: '2468', next: '135790' }],
};
