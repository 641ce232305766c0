/** What the keyboard can reach: the one definition the focus trap and the focus keeper share. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function canTakeFocus(el: Element): el is HTMLElement {
  if (!(el instanceof HTMLElement) || !el.isConnected || el.closest('[hidden], [inert], dialog:not([open])'))
    return false;
  // checkVisibility is Chromium's (the desktop app and the e2e browser); elsewhere, trust the DOM.
  return typeof el.checkVisibility === 'function' ? el.checkVisibility() : true;
}

/** The controls inside `root` that Tab would visit, in document order. */
export function focusableWithin(root: Element): HTMLElement[] {
  return [...root.querySelectorAll(FOCUSABLE)].filter(canTakeFocus);
}

/**
 * Tab and Shift+Tab wrap inside `root`. A modal <dialog> makes the page behind it inert, but Chromium still
 * lets Tab leave it: after the last control focus goes to the browser (on <body>) before coming back, so a
 * keyboard user lands nowhere. Returns true when it moved focus (the caller's event is then handled).
 */
export function wrapTab(root: Element, event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>): boolean {
  if (event.key !== 'Tab') return false;
  const controls = focusableWithin(root);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return true;
  }
  const active = root.ownerDocument.activeElement;
  const outside = !active || !root.contains(active) || active === root;
  const target = event.shiftKey
    ? active === first || outside
      ? last
      : null
    : active === last || outside
      ? first
      : null;
  if (!target) return false;
  event.preventDefault();
  target.focus();
  return true;
}
