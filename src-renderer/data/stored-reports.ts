import {
  debtorAgeingSchema,
  debtorMovementSchema,
  type DebtorAgeing,
  type DebtorMovement,
} from '../../src-preload/contract/partner-api';

/**
 * Reports are stored as the sync received them (`reports.data` is unknown to the database), so they are
 * parsed with the contract's schema before anyone trusts them; anything else reads as "not synced". Beside
 * the database, because the balance (client data) and the screens both read them.
 */
export function readAgeing(data: unknown): DebtorAgeing | null {
  const parsed = debtorAgeingSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function readMovement(data: unknown): DebtorMovement | null {
  const parsed = debtorMovementSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
