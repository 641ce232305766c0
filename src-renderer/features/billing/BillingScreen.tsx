import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export function BillingScreen() {
  return (
    <>
      <ScreenHeader title="Billing" subtitle="Bills, payments and what is outstanding." />
      <EmptyState title="No billing data on this laptop yet">
        Bills, payments, statements and debtor reports are copied here from the practice so you can answer
        money questions offline.
      </EmptyState>
    </>
  );
}
