import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deletePracticeDb } from '../../../src-renderer/data/practice-db';
import { practiceDb } from '../../support/practice-db';
import { readEntries } from '../../../src-renderer/outbox/outbox-db';
import { createRendererStores } from '../../../src-renderer/stores/renderer-stores';
import { createRendererJobs } from '../../../src-renderer/app/renderer-jobs';
import { createPracticeDatabases } from '../../../src-renderer/data/practice-db';
import { startNodeApp } from '../../support/node-companion';
import { waitFor } from '../../support/wait-for';

const cleanups: (() => Promise<void> | void)[] = [];
const databases = createPracticeDatabases();
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the outbox after signing out and connecting the same practice again in the same window', () => {
  it('sends what is queued after the reconnect (the old, closed database is not reused)', async () => {
    const app = await startNodeApp({
      demo: { seed: 21 },
      deps: { budgetLimits: { perMinute: 100_000, perHour: 1_000_000, perDay: 10_000_000 } },
    });
    cleanups.push(() => app.close());
    const stores = createRendererStores();
    stores.connectivity.getState().setMain(await app.companion.connectivity.status());

    const connect = async () => {
      const connected = await app.companion.practice.connectDemo();
      if (!connected.ok) throw new Error(connected.message);
      stores.practice.setState({ practices: [connected.practice], activePracticeKey: connected.practice.practiceKey });
      return connected.practice.practiceKey;
    };
    const practiceKey = await connect();
    cleanups.push(() => deletePracticeDb(practiceKey));
    // The window's background jobs (the outbox among them), as its composition root builds them.
    const jobs = createRendererJobs({ companion: app.companion, databases, stores, onError: () => undefined });
    cleanups.push(jobs.start());
    const client = [...app.demo().runtime.practices[0]!.entities.values()].find((e) => !e.entityTerminated)!;
    const addContact = (name: string) =>
      jobs.outbox.queue({
        operation: 'contact.create',
        payload: {
          params: { entityKey: client.entityKey },
          body: { contactName: name, contactSurname: 'Again', email: `${name.toLowerCase()}@example.com` },
        },
        summary: `Add ${name} Again`,
        entityKey: client.entityKey,
        dependsOn: [],
      });
    const statusOf = (id: string) => async () =>
      (await readEntries(practiceDb(practiceKey))).entries.find((e) => e.id === id)?.status;

    const first = await addContact('Before');
    jobs.outbox.kick('user');
    await waitFor('the first contact to go out', statusOf(first), (status) => status === 'done');

    // Sign out as the renderer does (main forgets it, the database is deleted), then connect again.
    await app.companion.practice.signOut({ practiceKey });
    stores.practice.setState({ practices: [], activePracticeKey: null });
    await deletePracticeDb(practiceKey);
    expect(await connect()).toBe(practiceKey);

    const second = await addContact('After');
    jobs.outbox.kick('user');
    await waitFor('the contact queued after the reconnect to go out', statusOf(second), (status) => status === 'done');
    const contacts = [...app.demo().runtime.practices[0]!.contacts.values()].filter(
      (c) => c.contactSurname === 'Again',
    );
    expect(contacts.map((c) => c.contactName).sort()).toEqual(['After', 'Before']);
  }, 30_000);
});
