import { Badge } from '@radix-ui/themes';
import type { Bill } from '../../src-preload/contract/partner-api';
import { billStanding } from './money-status';

/**
 * A bill's status as it stands today: "Overdue · 173 days" in red, apart from "Awaiting payment" for a bill
 * not yet due. The due date stays in its own column; the badge carries the days so a list can be scanned.
 */
export function BillStatusBadge({
  bill,
  today,
}: {
  bill: Pick<Bill, 'statusName' | 'dueDate' | 'amountDue'>;
  today: string;
}) {
  const standing = billStanding(bill, today);
  return (
    <Badge color={standing.colour} className="nowrap" data-overdue-days={standing.daysOverdue || undefined}>
      {standing.label}
    </Badge>
  );
}
