import { Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { Balance, BalancePart } from '../../src-preload/contract/partner-api/balance';
import { formatDate, formatMoney } from './regional/regional-format';

type Region = string | undefined;

function partWords(part: BalancePart, region: Region, currency: string | undefined, first: boolean): string {
  const money = formatMoney(Math.abs(part.cents) / 100, region, currency);
  const sign = first ? (part.cents < 0 ? '−' : '') : part.cents < 0 ? '− ' : '+ ';
  switch (part.kind) {
    case 'ageing':
      return `${sign}${money} at the ageing of ${formatDate(part.asAt, region)}`;
    case 'billedSince':
      return `${sign}${money} billed since`;
    case 'paidSince':
      return `${sign}${money} paid since`;
    case 'bills':
      return `${sign}${money} on the bills on this laptop (no debtor ageing yet)`;
  }
}

/** "$6,027.18 at the ageing of 26 Nov 2026 + $605.00 billed since": how the one figure is made up. */
export function balancePartsText(balance: Balance, region: Region, currency: string | undefined): string | null {
  if (!balance.known) return null;
  return balance.parts.map((p, i) => partWords(p, region, currency, i === 0)).join(' ');
}

/**
 * One balance, shown as one figure with its parts beside it, so a screen never has two totals for one
 * question. With one part, only where it comes from is said.
 */
export function BalanceFigure({
  balance,
  currency,
  region,
  testId,
  size = '3',
  stacked = false,
  children,
}: {
  balance: Balance;
  currency: string | undefined;
  region: Region;
  testId: string;
  size?: '2' | '3' | '7';
  /** The parts on a line of their own under the figure (a header, a big number), not beside it. */
  stacked?: boolean;
  /** What follows the figure on its line (the overdue amount). */
  children?: ReactNode;
}) {
  if (!balance.known) return null;
  const first = balance.parts[0];
  const parts =
    balance.parts.length > 1
      ? `= ${balancePartsText(balance, region, currency)}`
      : first?.kind === 'ageing'
        ? `as at the ageing of ${formatDate(first.asAt, region)}`
        : 'from the bills on this laptop';
  return (
    <>
      <Text size={size} weight="bold" data-testid={testId} data-amount={balance.amount}>
        {formatMoney(balance.amount, region, currency)}
      </Text>
      {children ? <> {children}</> : null}{' '}
      <Text as={stacked ? 'div' : 'span'} size="1" color="gray" data-testid={`${testId}-parts`}>
        {parts}
      </Text>
    </>
  );
}
