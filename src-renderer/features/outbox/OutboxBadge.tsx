import { Badge } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { practiceDb } from '../../practice/practice-db';
import { countOpen } from '../../outbox/outbox-db';
import { usePractice } from '../../practice/practice-store';

/** The count of queued actions not yet sent (or needing attention), for the navigation. */
export function OutboxBadge() {
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const count = useLiveQuery(async () => (practiceKey ? countOpen(practiceDb(practiceKey)) : 0), [practiceKey]) ?? 0;
  if (count === 0) return null;
  return (
    <Badge highContrast color="amber" radius="full" data-testid="outbox-badge" aria-label={`${count} waiting`}>
      {count}
    </Badge>
  );
}
