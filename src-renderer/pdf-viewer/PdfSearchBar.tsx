import { Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import type { KeyboardEvent, RefObject } from 'react';

export interface PdfSearchBarProps {
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  onQueryChange(query: string): void;
  status: 'idle' | 'searching' | 'done';
  /** Index of the selected match, -1 when none. */
  matchIndex: number;
  matchCount: number;
  truncated: boolean;
  onNext(): void;
  onPrevious(): void;
}

/** "n of m" (or what the search is doing), read out when it changes. */
export function searchSummary(
  props: Pick<PdfSearchBarProps, 'query' | 'status' | 'matchIndex' | 'matchCount' | 'truncated'>,
): string {
  if (props.query.trim() === '' || props.status === 'idle') return '';
  if (props.status === 'searching') return 'Searching…';
  if (props.matchCount === 0) return 'No matches';
  return `${props.matchIndex + 1} of ${props.matchCount}${props.truncated ? '+' : ''}`;
}

/** Find in document: Enter and Shift+Enter step through matches, Escape clears. */
export function PdfSearchBar(props: PdfSearchBarProps) {
  const hasMatches = props.status === 'done' && props.matchCount > 0;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (event.shiftKey) props.onPrevious();
      else props.onNext();
    } else if (event.key === 'Escape' && props.query !== '') {
      event.preventDefault();
      event.stopPropagation();
      props.onQueryChange('');
    }
  };
  return (
    <Flex align="center" gap="2" role="search" aria-label="Find in document">
      <TextField.Root
        ref={props.inputRef}
        size="1"
        type="search"
        className="pdf-viewer__search"
        aria-label="Find in document"
        aria-keyshortcuts="Control+F"
        placeholder="Find in document"
        value={props.query}
        onChange={(event) => props.onQueryChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <IconButton
        type="button"
        variant="soft"
        size="1"
        aria-label="Previous match"
        aria-keyshortcuts="Shift+Enter"
        disabled={!hasMatches}
        onClick={props.onPrevious}
      >
        <span aria-hidden="true">↑</span>
      </IconButton>
      <IconButton
        type="button"
        variant="soft"
        size="1"
        aria-label="Next match"
        aria-keyshortcuts="Enter"
        disabled={!hasMatches}
        onClick={props.onNext}
      >
        <span aria-hidden="true">↓</span>
      </IconButton>
      <Text
        size="1"
        color="gray"
        className="pdf-viewer__matches"
        role="status"
        aria-live="polite"
        data-testid="pdf-search-status"
      >
        {searchSummary(props)}
      </Text>
    </Flex>
  );
}
