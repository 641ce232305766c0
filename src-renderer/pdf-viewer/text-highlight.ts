import type { ItemRange } from './pdf-search';

export interface HighlightRange extends ItemRange {
  /** The match the viewer is on ("3 of 7"). */
  selected: boolean;
}

/**
 * Marks search matches inside a rendered pdf.js text layer: each text item's span gets its text back
 * split into plain text and `<span class="highlight">` parts. Returns the items it changed so the next
 * call can restore exactly those. DOM only through textContent and createElement (no HTML strings).
 */
export function highlightTextLayer(
  divs: readonly HTMLElement[],
  itemTexts: readonly string[],
  previouslyTouched: ReadonlySet<number>,
  ranges: readonly HighlightRange[],
): Set<number> {
  for (const item of previouslyTouched) {
    const div = divs[item];
    if (div) div.textContent = itemTexts[item] ?? '';
  }
  const byItem = new Map<number, HighlightRange[]>();
  for (const range of ranges) {
    if (!divs[range.item]) continue;
    const list = byItem.get(range.item) ?? [];
    list.push(range);
    byItem.set(range.item, list);
  }
  for (const [item, list] of byItem) {
    const div = divs[item]!;
    const text = itemTexts[item] ?? '';
    list.sort((a, b) => a.from - b.from);
    div.textContent = '';
    let at = 0;
    for (const range of list) {
      if (range.from > at) div.append(text.slice(at, range.from));
      const mark = document.createElement('span');
      mark.className = range.selected ? 'highlight selected' : 'highlight';
      mark.textContent = text.slice(Math.max(at, range.from), range.to);
      div.append(mark);
      at = Math.max(at, range.to);
    }
    if (at < text.length) div.append(text.slice(at));
  }
  return new Set(byItem.keys());
}
