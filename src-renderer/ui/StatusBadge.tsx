import { Badge } from '@radix-ui/themes';
import { moneyStatusColour } from './money-status';
import { enumWords, titleCased } from './words/enum-words';

/** Bill, payment, proposal and schedule statuses in words ("completed" → "Completed"), from the one table. */
const moneyStatusWords: Readonly<Record<string, string>> = {
  ...enumWords.billStatus,
  ...enumWords.paymentStatus,
  ...enumWords.proposalStatus,
  ...enumWords.recurringStatus,
};

export const StatusBadge = ({ status }: { status: keyof typeof moneyStatusColour }) => (
  <Badge color={moneyStatusColour[status]}>
    {Object.hasOwn(moneyStatusWords, status) ? moneyStatusWords[status] : titleCased(status)}
  </Badge>
);
