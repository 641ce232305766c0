import { daysOverdue, isOverdue } from '../../src-preload/contract/money';
import type {
  billStatuses,
  paymentStatuses,
  proposalStatuses,
  RecurringBilling,
} from '../../src-preload/contract/partner-api';
import { countOf } from './regional/counts';

type Colour = 'gray' | 'blue' | 'amber' | 'green' | 'red';
type MoneyStatus =
  | (typeof billStatuses)[number]
  | (typeof paymentStatuses)[number]
  | (typeof proposalStatuses)[number]
  | RecurringBilling['statusName'];

/** One colour per bill, payment, proposal and schedule status, for every money screen (the compiler checks all are covered). */
export const moneyStatusColour: Record<MoneyStatus, Colour> = {
  Draft: 'gray',
  'Awaiting payment': 'blue',
  'Part paid': 'amber',
  Paid: 'green',
  Voided: 'red',
  processing: 'gray',
  completed: 'green',
  refunded: 'amber',
  failed: 'red',
  Sent: 'blue',
  Accepted: 'green',
  Declined: 'red',
  Renewed: 'gray',
  Expired: 'gray',
  Active: 'green',
  Paused: 'amber',
  Ended: 'gray',
};

/** A bill as staff should see it today: its status, or how overdue it is. */
export interface BillStanding {
  label: string;
  colour: Colour;
  /** Days past the due date when money is still owed on it, else 0. */
  daysOverdue: number;
}

type StandingBill = { statusName: (typeof billStatuses)[number]; dueDate: string; amountDue: number };

const daysText = (days: number) => countOf(days, 'day');

/**
 * "Overdue · 173 days" (red) for a bill still owed after its due date, "Part paid · overdue 12 days" when
 * some of it was paid; otherwise the bill's own status ("Awaiting payment" for one not yet due). `today`
 * is the practice's calendar date (localToday), not UTC's: at 8 am in Sydney a bill due yesterday is a
 * day overdue there, whatever the date in Greenwich.
 */
export function billStanding(bill: StandingBill, today: string): BillStanding {
  const days = isOverdue(bill, today) ? daysOverdue(bill.dueDate, today) : 0;
  if (days > 0)
    return {
      label: bill.statusName === 'Part paid' ? `Part paid · overdue ${daysText(days)}` : `Overdue · ${daysText(days)}`,
      colour: 'red',
      daysOverdue: days,
    };
  return { label: bill.statusName, colour: moneyStatusColour[bill.statusName], daysOverdue: 0 };
}
