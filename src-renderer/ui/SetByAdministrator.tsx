import { Badge } from '@radix-ui/themes';

/** Beside a setting the administrator's policy fixes: the user sees why it cannot be changed here. */
export function SetByAdministrator() {
  return (
    <Badge color="gray" variant="surface" data-testid="set-by-administrator">
      Set by your administrator
    </Badge>
  );
}
