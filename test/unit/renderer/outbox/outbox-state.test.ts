import { describe, expect, it } from 'vitest';
import {
  applyOutcome,
  applyVerdict,
  backoffMs,
  BACKOFF_MAX_MS,
  ConsentRequiredError,
  discard,
  markSending,
  needsConsent,
  newEntry,
  recoveryFor,
  requeue,
  resolveRefs,
} from '../../../../src-renderer/outbox/outbox-state';
import type { OperationName } from '../../../../src-preload/contract/outbox/operations';
import type { OutboxEntry } from '../../../../src-preload/contract/outbox/outbox-entry';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const problem = { status: 400, title: 'Bad Request', message: 'sendSms needs a mobile' };
const entry = (
  operation: OperationName = 'contact.create',
  params: OutboxEntry['payload']['params'] = { entityKey: '11111111-1111-4111-8111-111111111111' },
) =>
  newEntry(
    {
      id: crypto.randomUUID(),
      operation,
      payload: { params, body: { contactName: 'A', contactSurname: 'B' } },
      summary: 'Add A B',
      entityKey: null,
      dependsOn: [],
    },
    T0,
  );

describe('outbox entry state machine', () => {
  it('pending → sending (attempt counted) → done with the result', () => {
    const sending = markSending(entry(), T0);
    expect(sending).toMatchObject({ status: 'sending', attempts: 1 });
    expect(applyOutcome(sending, { kind: 'done', result: { entityContactID: 5 } }, T0)).toMatchObject({
      status: 'done',
      result: { entityContactID: 5 },
      lastError: null,
    });
  });

  it('400, 403 and 404 fail the entry with the problem; it stays editable and can be resubmitted', () => {
    for (const kind of ['rejected', 'forbidden', 'gone'] as const) {
      const failed = applyOutcome(markSending(entry(), T0), { kind, problem }, T0);
      expect(failed).toMatchObject({ status: 'failed', lastError: problem });
      const edited = requeue(failed, T0 + 1, {
        payload: { params: failed.payload.params, body: { contactName: 'C', contactSurname: 'D' } },
        summary: 'Add C D',
      });
      expect(edited).toMatchObject({
        status: 'pending',
        lastError: null,
        summary: 'Add C D',
        payload: { body: { contactName: 'C' } },
      });
    }
  });

  it('a removal that finds nothing to remove: failed on its first attempt, done when it was resent after an interruption', () => {
    const removal = entry('onboarding.removeDocument', { key: '11111111-1111-4111-8111-111111111111', documentId: 7 });
    const gone = { status: 404, title: 'Not Found', message: 'Document request 7 is not on this onboarding.' };
    expect(applyOutcome(markSending(removal, T0), { kind: 'gone', problem: gone }, T0)).toMatchObject({
      status: 'failed',
      lastError: gone,
    });
    expect(applyOutcome(markSending(markSending(removal, T0), T0), { kind: 'gone', problem: gone }, T0)).toMatchObject({
      status: 'done',
      lastError: null,
      result: null,
    });
    // Not for anything else: an update whose target vanished is reported, however many attempts.
    const update = entry('contact.update', { entityKey: '11111111-1111-4111-8111-111111111111', entityContactID: 3 });
    expect(applyOutcome(markSending(markSending(update, T0), T0), { kind: 'gone', problem: gone }, T0)).toMatchObject({
      status: 'failed',
    });
  });

  it('5xx/network wait with growing, capped backoff; a 429 waits exactly as told; 401 leaves it pending', () => {
    const sending = markSending(markSending(entry(), T0), T0); // second attempt
    const retry = applyOutcome(sending, { kind: 'retry', problem, retryAfterMs: null }, T0, () => 1);
    expect(Date.parse(retry.notBefore!) - T0).toBe(backoffMs(2, () => 1));
    expect(backoffMs(50, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffMs(1, () => 0)).toBe(1_000);
    const told = applyOutcome(sending, { kind: 'retry', problem, retryAfterMs: 42_000 }, T0);
    expect(Date.parse(told.notBefore!) - T0).toBe(42_000);
    expect(applyOutcome(sending, { kind: 'unauthorized', problem }, T0)).toMatchObject({
      status: 'pending',
      notBefore: null,
    });
  });

  it('after an interrupted send: idempotent ones are resent; others are verified', () => {
    expect(recoveryFor(entry('contact.update'))).toBe('resend');
    expect(recoveryFor(entry('contact.create'))).toBe('verify');
    expect(recoveryFor(entry('eform.create'))).toBe('verify');
    const stuck = markSending(entry('eform.create'), T0);
    expect(applyVerdict(stuck, { verdict: 'found', result: { formKey: 'x' } }, T0)).toMatchObject({ status: 'done' });
    expect(applyVerdict(stuck, { verdict: 'unknown', reason: 'no way to check' }, T0)).toMatchObject({
      status: 'needs-review',
      review: expect.stringMatching(/billed per use/),
    });
    expect(
      applyVerdict(markSending(entry('contact.create'), T0), { verdict: 'unknown', reason: '' }, T0).review,
    ).toMatch(/duplicate/);
  });

  it('"not yet" (too soon by the practice\'s clock) keeps it sending and reads again later; "absent" resends a create', () => {
    const stuck = markSending(entry('contact.create'), T0);
    const early = { verdict: 'not-yet' as const, note: 'No such contact yet.', checkAgainInMs: 240_000 };
    const once = applyVerdict(stuck, { ...early, practiceAt: '2026-11-21T09:45:10.000Z' }, T0 + 60_000);
    expect(once).toMatchObject({
      status: 'sending',
      notBefore: new Date(T0 + 300_000).toISOString(),
      checks: [{ found: 'not-yet', note: 'No such contact yet.', practiceAt: '2026-11-21T09:45:10.000Z' }],
    });
    // However many early reads find nothing, nothing is sent again.
    expect(applyVerdict(once, early, T0 + 120_000)).toMatchObject({ status: 'sending' });
    // Main says "absent" only once the practice's clock is past the send by the margin.
    expect(applyVerdict(once, { verdict: 'absent' }, T0 + 300_000)).toMatchObject({ status: 'pending' });
    // It may still turn up: found later is done.
    expect(applyVerdict(once, { verdict: 'found', result: { entityContactID: 9 } }, T0 + 300_000)).toMatchObject({
      status: 'done',
    });
  });

  it('a lead is held like a billed write, for its own reason: a second lead would be a duplicate, not a cost', () => {
    const stuck = markSending(entry('lead.create'), T0);
    const unknown = applyVerdict(stuck, { verdict: 'unknown', reason: 'no way to check' }, T0);
    expect(unknown.status).toBe('needs-review');
    expect(unknown.review).toContain('A second lead would be a duplicate, so it was not sent again.');
    const absent = applyVerdict(stuck, { verdict: 'absent', note: 'No lead with this name.' }, T0 + 300_000);
    expect(absent).toMatchObject({ status: 'needs-review' });
    expect(absent.review).toContain('A second lead would be a duplicate, so it is not sent again without you');
    for (const review of [unknown.review, absent.review]) expect(review).not.toMatch(/billed/);
    expect(needsConsent(absent)).toBe(true);
  });

  it('a billable write proven absent is not resent by the app: it waits for the user, who must consent; the review says what was read', () => {
    const stuck = markSending(entry('eform.create'), T0);
    const note = "Read at 10:05:00 UTC by the practice's clock, 5 min after it was sent: none.";
    const absent = applyVerdict(stuck, { verdict: 'absent', note }, T0 + 300_000);
    expect(absent).toMatchObject({ status: 'needs-review', review: expect.stringMatching(/billed per use/) });
    expect(absent.review).toContain(note);
    expect(absent.review).not.toMatch(/twice found nothing/);
    expect(absent.lastSentAt).toBe(new Date(T0).toISOString());
    expect(needsConsent(absent)).toBe(true);
    expect(() => requeue(absent, T0 + 300_000)).toThrow(ConsentRequiredError);
    expect(requeue(absent, T0 + 300_000, undefined, { sendAgain: true })).toMatchObject({
      status: 'pending',
      checks: [],
    });
  });

  it('a create whose send may have arrived (in review) is sent again only with consent, never by "Retry now"', () => {
    const create = applyVerdict(
      markSending(entry('contact.create'), T0),
      { verdict: 'unknown', reason: 'two matches' },
      T0,
    );
    expect(needsConsent(create)).toBe(true);
    expect(() => requeue(create, T0)).toThrow(ConsentRequiredError);
    expect(requeue(create, T0, undefined, { sendAgain: true })).toMatchObject({ status: 'pending' });
    // Refused by the practice (400): it did not apply it, so one click resends it.
    const refused = applyOutcome(markSending(entry('contact.create'), T0), { kind: 'rejected', problem }, T0);
    expect(needsConsent(refused)).toBe(false);
    // Stored by an older build as failed after a 409 on a bill: it may be there, so consent is needed.
    const older = applyOutcome(
      markSending(entry('bill.createAdhoc'), T0),
      { kind: 'rejected', problem: { status: 409, title: 'Conflict', message: 'Conflict' } },
      T0,
    );
    expect(older.status).toBe('failed');
    expect(needsConsent(older)).toBe(true);
  });

  it('a 401 after a non-idempotent write left: checked when the credentials are back, never resent; an idempotent one waits', () => {
    const auth = { status: 401, title: 'Unauthorized', message: 'Enter the credentials again.' };
    const bill = applyOutcome(
      markSending(entry('bill.createAdhoc'), T0),
      { kind: 'unauthorized', problem: auth, mayHaveApplied: true, practiceTime: '2026-11-21T09:44:59.000Z' },
      T0,
    );
    expect(bill).toMatchObject({ status: 'sending', sentAtPractice: '2026-11-21T09:44:59.000Z' });
    expect(recoveryFor(bill)).toBe('verify');
    expect(
      applyOutcome(markSending(entry('contact.update'), T0), { kind: 'unauthorized', problem: auth }, T0),
    ).toMatchObject({ status: 'pending' });
  });

  it("an ambiguous answer keeps the practice's clock of that answer for the check; a new attempt forgets it", () => {
    const sent = applyOutcome(
      markSending(entry('bill.createAdhoc'), T0),
      { kind: 'ambiguous', problem, practiceTime: '2026-11-21T09:45:00.000Z' },
      T0,
    );
    expect(sent).toMatchObject({ status: 'sending', sentAtPractice: '2026-11-21T09:45:00.000Z' });
    expect(markSending({ ...sent, status: 'pending' }, T0 + 1).sentAtPractice).toBeNull();
  });

  it('a completion resent after an interruption that finds the onboarding completed is done; on its first attempt, failed', () => {
    const complete = entry('onboarding.complete', { key: '11111111-1111-4111-8111-111111111111' });
    const already = { status: 409, title: 'Conflict', message: 'The onboarding is already completed.' };
    expect(applyOutcome(markSending(complete, T0), { kind: 'rejected', problem: already }, T0)).toMatchObject({
      status: 'failed',
    });
    expect(
      applyOutcome(markSending(markSending(complete, T0), T0), { kind: 'rejected', problem: already }, T0),
    ).toMatchObject({ status: 'done', lastError: null });
    // Another operation's 409 on a resend is still the practice refusing it.
    expect(
      applyOutcome(
        markSending(markSending(entry('contact.update'), T0), T0),
        { kind: 'rejected', problem: already },
        T0,
      ),
    ).toMatchObject({ status: 'failed' });
  });

  it('discard only what has not gone out; never a done or sending entry', () => {
    expect(discard(entry(), T0).status).toBe('discarded');
    expect(() => discard(markSending(entry(), T0), T0)).toThrow(/sending/);
    expect(() => discard(applyOutcome(markSending(entry(), T0), { kind: 'done', result: null }, T0), T0)).toThrow(
      /done/,
    );
  });

  it('resolves a reference to another entry once it is done, and says what it waits for until then', () => {
    const lead = entry('lead.create', {});
    const note = entry('lead.addNote', { leadKey: { outboxRef: lead.id, field: 'leadKey' } });
    expect(resolveRefs(note, () => lead)).toMatchObject({ ready: false, waiting: true, blockedBy: { id: lead.id } });
    const failed = applyOutcome(markSending(lead, T0), { kind: 'rejected', problem }, T0);
    expect(resolveRefs(note, () => failed)).toMatchObject({ ready: false, waiting: false });
    const done = applyOutcome(
      markSending(lead, T0),
      { kind: 'done', result: { leadKey: '22222222-2222-4222-8222-222222222222' } },
      T0,
    );
    expect(resolveRefs(note, () => done)).toEqual({
      ready: true,
      payload: { ...note.payload, params: { leadKey: '22222222-2222-4222-8222-222222222222' } },
    });
    expect(resolveRefs(note, () => undefined)).toMatchObject({ ready: false, blockedBy: null });
  });
});
