import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useStore } from 'zustand';
import type { User } from '../../../src-preload/contract/partner-api';
import { activePractice } from '../../stores/practice-store';
import { SelectInput, writeBlockedReason } from '../../ui/form-kit';
import { useServices } from '../../context/services-context';
import { useMe } from '../../who-am-i/who-am-i';
import { usePractice } from '../../context/store-hooks';

/**
 * The staff member an action is done as. The Partner API's credentials belong to the practice, not to a
 * person, yet several writes name a `userKey`; the choice is remembered for the session (per practice)
 * so it is picked once (the root's `actingUsers` store), and never written to disk with the rest of a
 * signed-out practice's traces.
 *
 * Who the user said they are (Settings → "This is me"): every "…by" field starts there, and a change in
 * one form stays in that form. Until they have said, the last choice made this session.
 */
export function useActingUser(): [string, (userKey: string) => void] {
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const me = useMe();
  const actingUsers = useServices().stores.actingUsers;
  const lastChoice = useStore(actingUsers, (s) => s.byPractice[practiceKey] ?? '');
  const userKey = me || lastChoice;
  return [userKey, (next) => actingUsers.getState().set(practiceKey, next)];
}

/**
 * A form's "done by" choice: starts at the session's acting user (or what the entry had). The form hands
 * its submit to `rememberThen`, so the choice becomes the acting user as the form is queued.
 */
export function useActingUserChoice(initial?: string | null) {
  const users = useUsers();
  const [acting, setActing] = useActingUser();
  const [user, setUser] = useState(initial ?? acting);
  const rememberThen = <V,>(submit: (value: V) => Promise<void>) => rememberChoiceThen(user, setActing, submit);
  return { users, user, setUser, rememberThen };
}

/**
 * A valid form's submit that first makes its "done by" choice the session's acting user, so the next form
 * starts at that person; an empty choice ("nobody") leaves the acting user as it was.
 */
export function rememberChoiceThen<V>(
  user: string,
  remember: (userKey: string) => void,
  submit: (value: V) => Promise<void>,
): (value: V) => Promise<void> {
  return async (value) => {
    if (user) remember(user);
    await submit(value);
  };
}

/** Synced staff, by name: the same list offline as online. */
export function useUsers(): User[] {
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const users = useLiveQuery(() => databases.of(practiceKey).users.toArray(), [practiceKey]) ?? [];
  return [...users].sort((a, b) =>
    `${a.userFirstName} ${a.userLastName}`.localeCompare(`${b.userFirstName} ${b.userLastName}`),
  );
}

export const userName = (u: Pick<User, 'userFirstName' | 'userLastName'>) => `${u.userFirstName} ${u.userLastName}`;

/** A choice among the synced users; `none` names the empty choice when one is allowed. */
export function UserSelect(props: {
  label: string;
  users: User[];
  value: string;
  onChange(userKey: string): void;
  error?: string | undefined;
  hint?: string;
  none?: string;
  required?: boolean;
}) {
  return (
    <SelectInput
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      required={props.required ?? false}
      {...(props.hint ? { hint: props.hint } : {})}
    >
      <option value="">{props.none ?? 'Choose…'}</option>
      {props.users.map((u) => (
        <option key={u.userKey} value={u.userKey}>
          {userName(u)}
          {u.roleName ? ` (${u.roleName})` : ''}
        </option>
      ))}
    </SelectInput>
  );
}

/** Why writes are unavailable for the active practice (read-only credentials or hub access), or null. */
export function useWriteBlocked(): string | null {
  const canWrite = usePractice((s) => activePractice(s)?.canWrite);
  const through = usePractice((s) => activePractice(s)?.through);
  const sendsWith = usePractice((s) => activePractice(s)?.sendsWith);
  return writeBlockedReason(canWrite, through, sendsWith);
}
