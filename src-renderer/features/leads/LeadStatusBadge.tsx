import { Badge } from '@radix-ui/themes';
import type { Lead } from '../../../src-preload/contract/partner-api';
import { leadStatusColour as colors } from './lead-status-colour';

/**
 * The statuses in pipeline order, for the status filter. Taken from the colours above rather than from
 * the contract's zod enum: importing zod at runtime into the renderer makes it probe `new Function`,
 * which the strict CSP reports as an eval violation.
 */
export const leadStatusOrder = Object.keys(colors) as Lead['statusName'][];

export function LeadStatusBadge({ status, size = '1' }: { status: Lead['statusName']; size?: '1' | '2' }) {
  return (
    <Badge color={colors[status]} size={size}>
      {status}
    </Badge>
  );
}
