import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export function OutboxScreen() {
  return (
    <>
      <ScreenHeader title="Outbox" subtitle="Changes prepared on this laptop, waiting to go to the practice." />
      <EmptyState title="Nothing waiting to be sent">
        Actions you take while offline — sending an eForm, adding a contact, noting a lead — wait here until
        the laptop is back online, and are sent exactly once.
      </EmptyState>
    </>
  );
}
