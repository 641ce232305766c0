import { Badge } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { countOpen } from '../../outbox/outbox-db';
import { usePractice } from '../../practice/practice-store';
import { useServices } from '../../app/services-context';

/** The count of queued actions not yet sent (or needing attention), for the navigation. */
export function OutboxBadge() {
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const count = useLiveQuery(async () => (practiceKey ? countOpen(databases.of(practiceKey)) : 0), [practiceKey]) ?? 0;
  if (count === 0) return null;
  return (
    <Badge color="amber" radius="full" data-testid="outbox-badge" aria-label={`${count} waiting`}>
      {count}
    </Badge>
  );
}
