/**
 * Scrolling inside the viewer's own scroll area only. `Element.scrollIntoView` would also scroll
 * every scrollable ancestor (the app's content area, the window), moving the screen around the viewer.
 */

/** The viewer's pages area (the nearest one around `element`). */
export const scrollAreaOf = (element: Element): HTMLElement | null =>
  element.closest<HTMLElement>('.pdf-viewer__pages');

/** Puts `page` (a child laid out in `area`) at the top of `area`, below its padding. */
export function scrollPageToTop(area: HTMLElement, page: HTMLElement): void {
  area.scrollTop = page.offsetTop - parseFloat(getComputedStyle(area).paddingTop || '0');
}

/** Centres `element` in `area` vertically, and horizontally when it is outside the visible width. */
export function centreInArea(area: HTMLElement, element: Element): void {
  const box = area.getBoundingClientRect();
  const target = element.getBoundingClientRect();
  area.scrollTop += target.top - box.top - (area.clientHeight - target.height) / 2;
  if (target.left < box.left || target.right > box.left + area.clientWidth) {
    area.scrollLeft += target.left - box.left - (area.clientWidth - target.width) / 2;
  }
}
