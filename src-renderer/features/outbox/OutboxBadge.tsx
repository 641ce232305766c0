import { Badge } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { countOpen } from '../../outbox/outbox-db';
import { useActivePracticeDb } from '../../app/services-context';

/** The count of queued actions not yet sent (or needing attention), for the navigation. */
export function OutboxBadge() {
  const db = useActivePracticeDb();
  const count = useLiveQuery(async () => (db ? countOpen(db) : 0), [db]) ?? 0;
  if (count === 0) return null;
  return (
    <Badge color="amber" radius="full" data-testid="outbox-badge" aria-label={`${count} waiting`}>
      {count}
    </Badge>
  );
}
