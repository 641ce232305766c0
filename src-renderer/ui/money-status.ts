import type {
  billStatuses,
  paymentStatuses,
  proposalStatuses,
  RecurringBilling,
} from '../../src-preload/contract/partner-api';

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
