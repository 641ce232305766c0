import { TextField } from '@radix-ui/themes';
import { useCallback, useEffect, useRef } from 'react';
import { useOnScreenShortcut } from '../../desktop/screen-shortcut-events';

/**
 * The client search: focused with its text selected whenever the user arrives at Clients (from another
 * screen or by pressing its shortcut on Clients itself), so typing replaces the last search and Delete
 * clears it. Arrow Down moves into the results (onArrowDown) without tabbing through the filters.
 */
export function ClientSearchField(props: { value: string; onChange(query: string): void; onArrowDown(): void }) {
  const input = useRef<HTMLInputElement>(null);
  const focusAndSelect = useCallback(() => {
    // At the top of the screen: no scrolling into view, which would lay the page out before it paints.
    input.current?.focus({ preventScroll: true });
    input.current?.select();
  }, []);
  useEffect(focusAndSelect, [focusAndSelect]);
  useOnScreenShortcut('clients', focusAndSelect);
  return (
    <TextField.Root
      ref={input}
      aria-label="Search clients"
      placeholder="Search by name, code, email or phone"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        props.onArrowDown();
      }}
    />
  );
}
