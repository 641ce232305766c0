import { Button } from '@radix-ui/themes';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export function ClientsScreen() {
  return (
    <>
      <ScreenHeader title="Clients" subtitle="Every client of your practice, searchable offline." />
      <EmptyState
        title="No clients on this laptop yet"
        action={
          <Button asChild variant="soft">
            <Link to="/settings">Open Settings</Link>
          </Button>
        }
      >
        Once a practice is connected, its clients are copied to this laptop so you can find them in a meeting
        with no connection.
      </EmptyState>
    </>
  );
}
