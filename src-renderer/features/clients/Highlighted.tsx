import { memo, useMemo, type ReactNode } from 'react';
import { highlightRanges } from '../../search';

/**
 * A text with the parts the search query matched in `<mark>`: announced as highlighted by screen readers
 * that support it, and read as the plain text by the rest (the text itself is never split or altered).
 */
export const Highlighted = memo(function Highlighted({ text, query }: { text: string; query: string }) {
  const ranges = useMemo(() => highlightRanges(text, query), [text, query]);
  if (ranges.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
});
