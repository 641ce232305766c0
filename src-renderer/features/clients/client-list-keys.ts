/**
 * Moves focus to row `index` of the virtualized client list, or to the search above it for index -1. A row
 * not drawn yet (beyond the rows kept around the visible ones) is scrolled to first and focused once drawn.
 */
export function focusSearchOrRow(
  scroller: HTMLElement | null,
  index: number,
  scrollToIndex: (index: number) => void,
): void {
  if (!scroller) return;
  if (index < 0) {
    scroller.closest('.client-list')?.querySelector<HTMLInputElement>('input[aria-label="Search clients"]')?.focus();
    return;
  }
  const find = () => scroller.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
  const row = find();
  if (row) {
    row.focus();
    return;
  }
  scrollToIndex(index);
  requestAnimationFrame(() => find()?.focus());
}
