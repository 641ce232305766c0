import { Badge } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { countOpen } from '../../outbox/outbox-count';
import { useActivePracticeDb } from '../../context/services-context';
import { isOnline } from '../../stores/connectivity-store';
import { useConnectivity } from '../../context/store-hooks';
import { useFirstScreenShown } from '../../context/use-first-screen-shown';

/**
 * The count of queued actions not yet sent (or needing attention), for the navigation; offline it says why
 * they wait. Counted once the first screen has painted: the count opens the practice's database.
 */
export function OutboxBadge() {
  return useFirstScreenShown() ? <OutboxCount /> : null;
}

function OutboxCount() {
  const db = useActivePracticeDb();
  const online = useConnectivity(isOnline);
  const count = useLiveQuery(async () => (db ? countOpen(db) : 0), [db]) ?? 0;
  if (count === 0) return null;
  const label = `${count} waiting${online ? '' : ' — offline: they go out once this laptop is back online'}`;
  return (
    <Badge color="amber" radius="full" data-testid="outbox-badge" aria-label={label} title={label}>
      {count}
    </Badge>
  );
}
