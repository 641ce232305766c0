import { Button } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** The quiet button that takes one row out of a form's list; its words name the row ("Remove line 2"). */
export function RemoveRowButton({ onRemove, children }: { onRemove(): void; children: ReactNode }) {
  return (
    <Button type="button" size="1" variant="ghost" color="gray" onClick={onRemove}>
      {children}
    </Button>
  );
}

/** The list without its row at `index`, as a state update. */
export const withoutRow =
  (index: number) =>
  <T,>(rows: readonly T[]): T[] =>
    rows.filter((_, i) => i !== index);
