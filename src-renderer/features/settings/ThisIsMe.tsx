import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useServices } from '../../context/services-context';
import { UserSelect, useUsers } from '../../operations/shared/UserSelect';
import { saveMe, useStoredMe } from '../../who-am-i/who-am-i';
import { usePractice } from '../../context/store-hooks';

const WHY =
  'Actions you prepare name the staff member who did them ("Completed by", "Created by" …). Choose yourself once; each form starts there and can still be changed.';

/** Settings → "This is me": who is using this laptop for the active practice. */
export function ThisIsMe() {
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const users = useUsers();
  const stored = useStoredMe();
  if (!practiceKey || users.length === 0) return null;
  return (
    <Flex direction="column" gap="2" maxWidth="420px">
      <UserSelect
        label="This is me"
        users={users}
        value={stored?.userKey ?? ''}
        none="Not said"
        hint={WHY}
        onChange={(userKey) => void saveMe(databases.of(practiceKey), userKey || null)}
      />
    </Flex>
  );
}

/**
 * Asked once, after connecting, as soon as the practice's staff list is on this laptop: not a dialog
 * (nothing is blocked), a line at the top of the screen until it is answered or put off.
 */
export function WhoAmIPrompt() {
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const users = useUsers();
  const stored = useStoredMe();
  const [choice, setChoice] = useState('');
  // undefined: not read yet; an answer (even "not now"): never asked again here (Settings can change it).
  if (!practiceKey || stored !== null || users.length === 0) return null;
  const db = databases.of(practiceKey);
  return (
    <Callout.Root color="blue" variant="surface" size="1" mb="3" role="region" aria-label="Who is using this laptop">
      <Flex direction="column" gap="2">
        <Text size="2" weight="medium">
          Who is using this laptop? {WHY}
        </Text>
        <Flex gap="2" align="end" wrap="wrap">
          <UserSelect label="I am" users={users} value={choice} onChange={setChoice} />
          <Button disabled={!choice} onClick={() => void saveMe(db, choice)}>
            This is me
          </Button>
          <Button variant="soft" color="gray" onClick={() => void saveMe(db, null)}>
            Not now
          </Button>
        </Flex>
      </Flex>
    </Callout.Root>
  );
}
