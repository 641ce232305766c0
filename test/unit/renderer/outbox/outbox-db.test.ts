import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deletePracticeDb } from '../../../../src-renderer/data/practice-db';
import { practiceDb } from '../../../support/practice-db';
import {
  discardEntry,
  enqueue,
  readEntries,
  readOpenEntries,
  readQueue,
} from '../../../../src-renderer/outbox/outbox-db';
import { saveEntry } from '../../../support/save-entry';

const practiceKey = '66666666-6666-4666-8666-666666666666';
const CLIENT = '11111111-1111-4111-8111-111111111111';
afterEach(() => deletePracticeDb(practiceKey));

const queueContact = (db: ReturnType<typeof practiceDb>, name: string) =>
  enqueue(db, {
    id: crypto.randomUUID(),
    operation: 'contact.create',
    payload: { params: { entityKey: CLIENT }, body: { contactName: name, contactSurname: 'S' } },
    summary: name,
    entityKey: CLIENT,
    dependsOn: [],
  });

describe('readOpenEntries', () => {
  it('is readEntries less what is done or discarded: parsed, in queue order, unreadable rows left out', async () => {
    const db = practiceDb(practiceKey);
    const [a, b, c, d] = [
      await queueContact(db, 'A'),
      await queueContact(db, 'B'),
      await queueContact(db, 'C'),
      await queueContact(db, 'D'),
    ];
    await saveEntry(db, { ...b, status: 'done', result: null });
    await discardEntry(db, c);
    await saveEntry(db, { ...d, status: 'failed', lastError: { status: 400, title: 'Bad Request', message: 'no' } });
    await db.outbox.add({ id: 'not-a-uuid', status: 'pending' } as never);

    const open = await readOpenEntries(db);
    expect(open.map((e) => e.summary)).toEqual(['A', 'D']);
    expect(open[0]).toEqual((await readEntries(db)).entries.find((e) => e.id === a.id));
    expect((await readEntries(db)).unreadable).toHaveLength(1);
  });
});

describe('readQueue (what the replayer reads before each send)', () => {
  it('the open entries, and by id each entry they wait on, done or not; other done entries are not read', async () => {
    const db = practiceDb(practiceKey);
    const old = await queueContact(db, 'Old');
    await saveEntry(db, { ...old, status: 'done', result: null });
    const lead = await enqueue(db, {
      id: crypto.randomUUID(),
      operation: 'lead.create',
      payload: { params: {}, body: { name: 'Lee', surname: 'Ng' } },
      summary: 'lead',
      entityKey: null,
      dependsOn: [],
    });
    await saveEntry(db, { ...lead, status: 'done', result: { leadKey: '77777777-7777-4777-8777-777777777777' } });
    const note = await enqueue(db, {
      id: crypto.randomUUID(),
      operation: 'lead.addNote',
      payload: { params: { leadKey: { outboxRef: lead.id, field: 'leadKey' } }, body: { text: 'Met at the fair' } },
      summary: 'note',
      entityKey: null,
      dependsOn: [lead.id],
    });
    const waiting = await queueContact(db, 'Waiting');

    const { open, byId } = await readQueue(db);
    expect(open.map((e) => e.id)).toEqual([note.id, waiting.id]);
    expect([...byId.keys()].sort()).toEqual([note.id, waiting.id, lead.id].sort());
    expect(byId.get(lead.id)).toMatchObject({
      status: 'done',
      result: { leadKey: '77777777-7777-4777-8777-777777777777' },
    });
    expect(byId.has(old.id)).toBe(false);
  });
});
