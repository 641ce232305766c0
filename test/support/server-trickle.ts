import type { BillDetail, PaymentDetail } from '../../src-preload/contract/partner-api';
import { settleBill } from '../../src-main/demo-practice/state/billing-math';
import type { PracticeState } from '../../src-main/demo-practice/state/practice-state';
import type { SimulatedLaptop } from './simulated-laptop';

const HOUR_MS = 3_600_000;

/** Which lastUpdated list a change landed in, and the record's key there. */
export interface ListChange {
  resource: 'entities' | 'contacts' | 'onboardings' | 'leads';
  key: string | number;
  at: number;
}

/** A small deterministic generator (mulberry32), so a benchmark's day of changes is the same every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)] as T;

/**
 * What staff and clients do on the server during a working day, applied straight to the demo practice's
 * state at a given instant: a client's details edited, a contact's phone changed, an onboarding moved on, a
 * lead noted, a bill issued, a bill paid. Each stamps `updatedOn` as the API would.
 */
export function createServerTrickle(state: PracticeState, random: () => number) {
  const entityKeys = [...state.entities.keys()];
  const contactIds = [...state.contacts.values()].filter((c) => !c.isDeleted).map((c) => c.entityContactID);
  const onboardingKeys = [...state.onboardings.keys()];
  const leadKeys = [...state.leads.keys()];
  const iso = (at: number) => new Date(at).toISOString();
  let serial = 0;

  return {
    changeClient(at: number): ListChange {
      const entity = state.entities.get(pick(entityKeys, random))!;
      entity.entitySalutation = `Changed ${++serial}`;
      entity.updatedOn = iso(at);
      return { resource: 'entities', key: entity.entityKey, at };
    },
    changeContact(at: number): ListChange {
      const contact = state.contacts.get(pick(contactIds, random))!;
      contact.position = `Changed ${++serial}`;
      contact.updatedOn = iso(at);
      return { resource: 'contacts', key: contact.entityContactID, at };
    },
    moveOnboarding(at: number): ListChange {
      const onboarding = state.onboardings.get(pick(onboardingKeys, random))!;
      onboarding.updatedOn = iso(at);
      return { resource: 'onboardings', key: onboarding.onboardingKey, at };
    },
    noteLead(at: number): ListChange {
      const lead = state.leads.get(pick(leadKeys, random))!;
      lead.updatedOn = iso(at);
      return { resource: 'leads', key: lead.leadKey, at };
    },
    /** A new bill dated today, copied from an existing one's shape. */
    issueBill(at: number): BillDetail {
      const model = state.bills.values().next().value as BillDetail;
      const billingId = state.nextIds.bill++;
      const bill: BillDetail = {
        ...structuredClone(model),
        billingId,
        billNumber: `INV-${String(state.nextIds.billNumber++).padStart(6, '0')}`,
        billDate: iso(at).slice(0, 10),
        dueDate: iso(at + 14 * 86_400_000).slice(0, 10),
        statusName: 'Awaiting payment',
        amountPaid: 0,
        amountDue: model.total,
        updatedOn: iso(at),
      };
      state.bills.set(billingId, bill);
      return bill;
    },
    /** A client pays a bill in full, today. */
    payBill(at: number, billingId?: number): PaymentDetail | null {
      const open = [...state.bills.values()].filter((b) => b.amountDue > 0 && b.statusName !== 'Draft');
      if (open.length === 0) return null;
      const bill = billingId !== undefined ? state.bills.get(billingId)! : pick(open.slice(-500), random);
      const paymentId = Math.max(0, ...state.payments.keys()) + 1;
      const model = state.payments.values().next().value as PaymentDetail;
      const payment: PaymentDetail = {
        ...structuredClone(model),
        paymentId,
        billingId: bill.billingId,
        billNumber: bill.billNumber,
        entityKey: bill.entityKey,
        entityName: bill.entityName,
        paymentDate: iso(at).slice(0, 10),
        amount: bill.amountDue,
        refundedAmount: 0,
        paymentStatus: 'completed',
        refunds: [],
        updatedOn: iso(at),
      };
      state.payments.set(paymentId, payment);
      settleBill(
        bill,
        [...state.payments.values()].filter((p) => p.billingId === bill.billingId),
      );
      bill.updatedOn = iso(at);
      return payment;
    },
  };
}
export type ServerTrickle = ReturnType<typeof createServerTrickle>;

/**
 * A realistic trickle of server changes in an hour of a large practice's day: a few clients, contacts and
 * onboardings, a lead, bills issued and paid.
 */
export const CHANGES_PER_HOUR: Readonly<Record<keyof ServerTrickle, number>> = {
  changeClient: 3,
  changeContact: 3,
  moveOnboarding: 2,
  noteLead: 1,
  issueBill: 2,
  payBill: 2,
};

/** The day's changes, at seeded random instants in [from, to), in time order. */
export function scheduleChanges(from: number, to: number, seed: number): { at: number; kind: keyof ServerTrickle }[] {
  const random = seededRandom(seed);
  const hours = (to - from) / HOUR_MS;
  const events: { at: number; kind: keyof ServerTrickle }[] = [];
  for (const [kind, perHour] of Object.entries(CHANGES_PER_HOUR) as [keyof ServerTrickle, number][])
    for (let i = 0; i < perHour * hours; i++) events.push({ at: from + Math.floor(random() * (to - from)), kind });
  return events.sort((a, b) => a.at - b.at);
}

/** Worst delay from a change on the server to the local copy, in ms (Infinity while one is not there). */
export function freshnessTracker(laptop: SimulatedLaptop, state: PracticeState) {
  const tables: Record<ListChange['resource'], Map<string | number, unknown>> = {
    entities: state.entities,
    contacts: state.contacts,
    onboardings: state.onboardings,
    leads: state.leads,
  };
  const pending: { change: ListChange; value: string }[] = [];
  let worstMs = 0;
  return {
    changed(change: ListChange) {
      pending.push({ change, value: JSON.stringify(tables[change.resource].get(change.key)) });
    },
    /** After a run: every change now in the local copy is done, at this instant. */
    check(now: number) {
      for (let i = pending.length - 1; i >= 0; i--) {
        const { change, value } = pending[i]!;
        const local = laptop.sink.table(change.resource).get(change.key);
        if (local === undefined || JSON.stringify(local) !== value) continue;
        worstMs = Math.max(worstMs, now - change.at);
        pending.splice(i, 1);
      }
    },
    worstMs: () => (pending.length > 0 ? Number.POSITIVE_INFINITY : worstMs),
  };
}
