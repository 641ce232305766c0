import { describe, expect, it } from 'vitest';
import type { OperationName } from '../../../../../src-preload/contract/outbox/operations';
import type { StoredPayload } from '../../../../../src-preload/contract/outbox/payload-check';
import type { OutboxEntry } from '../../../../../src-preload/contract/outbox/outbox-entry';
import type { Lead } from '../../../../../src-preload/contract/partner-api';
import {
  createdLeadKey,
  leadTarget,
  openEntriesForLead,
  pendingNotesFor,
} from '../../../../../src-renderer/features/leads/lead-outbox';
import { newEntry } from '../../../../../src-renderer/outbox/outbox-state';
import { leadRecord } from '../../../../support/lead-record';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const SYNCED = '11111111-1111-4111-8111-111111111111';
const MADE = '22222222-2222-4222-8222-222222222222';
let clock = 0;
const entry = (operation: OperationName, payload: StoredPayload, patch: Partial<OutboxEntry> = {}): OutboxEntry => ({
  ...newEntry(
    { id: crypto.randomUUID(), operation, payload, summary: operation, entityKey: null, dependsOn: [] },
    T0 + ++clock * 1000,
  ),
  ...patch,
});
const note = (leadKey: StoredPayload['params'][string], text: string, patch: Partial<OutboxEntry> = {}) =>
  entry('lead.addNote', { params: { leadKey }, body: { text } }, patch);
const lead = (patch: Partial<Lead> & { pendingOutboxId?: string }) =>
  ({ ...leadRecord({ leadKey: SYNCED }), ...patch }) as Lead & { pendingOutboxId?: string };

describe('lead writes in the outbox', () => {
  it('a synced lead is named by its key; a placeholder by a reference to the entry creating it, which the write waits for', () => {
    expect(leadTarget(lead({}))).toEqual({ leadKey: SYNCED, dependsOn: [] });
    const create = entry('lead.create', { params: {}, body: { name: 'Ana' } });
    expect(leadTarget(lead({ leadKey: create.id, pendingOutboxId: create.id }))).toEqual({
      leadKey: { outboxRef: create.id, field: 'leadKey' },
      dependsOn: [create.id],
    });
  });

  it('pending notes: those for this lead not yet done or discarded, newest first, with their status', () => {
    const entries = [
      note(SYNCED, 'first'),
      note(SYNCED, 'sent already', { status: 'done' }),
      note(SYNCED, 'thrown away', { status: 'discarded' }),
      note(MADE, 'another lead'),
      entry('lead.convert', { params: { leadKey: SYNCED }, body: {} }),
      note(SYNCED, 'refused', { status: 'failed' }),
    ];
    expect(pendingNotesFor(entries, SYNCED).map((n) => [n.text, n.status])).toEqual([
      ['refused', 'failed'],
      ['first', 'pending'],
    ]);
  });

  it('a note on a lead created offline belongs to the placeholder, and to the practice lead once the create is done', () => {
    const create = entry('lead.create', { params: {}, body: { name: 'Ana' } });
    const waiting = note({ outboxRef: create.id, field: 'leadKey' }, 'typed offline');
    expect(pendingNotesFor([create, waiting], create.id).map((n) => n.text)).toEqual(['typed offline']);
    expect(pendingNotesFor([create, waiting], MADE)).toEqual([]);
    const done = { ...create, status: 'done' as const, result: { leadKey: MADE } };
    expect(pendingNotesFor([done, waiting], MADE).map((n) => n.text)).toEqual(['typed offline']);
    expect(
      openEntriesForLead(
        [done, entry('lead.convert', { params: { leadKey: { outboxRef: create.id, field: 'leadKey' } }, body: {} })],
        MADE,
        'lead.convert',
      ),
    ).toHaveLength(1);
  });

  it('a placeholder leads to the practice key only once its create is done', () => {
    const create = entry('lead.create', { params: {}, body: { name: 'Ana' } });
    expect(createdLeadKey([create], create.id)).toBeNull();
    expect(createdLeadKey([{ ...create, status: 'done', result: { leadKey: MADE } }], create.id)).toBe(MADE);
    expect(createdLeadKey([{ ...create, status: 'done', result: { leadKey: MADE } }], SYNCED)).toBeNull();
  });
});
