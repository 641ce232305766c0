import { useEffect } from 'react';
import { canTakeFocus, focusableWithin } from '../ui/focusable';

/**
 * Where focus goes when the focused element has been removed: the first control still shown in the
 * nearest part of the page that survived (the action's own area: "Prepare for meeting" is replaced by the
 * pack's progress and its "Pack details"), else that part itself if it can hold focus, else the main area.
 * `ancestors` runs from the lost element's parent outwards.
 */
function focusFallback(ancestors: readonly Element[], main: HTMLElement | null): HTMLElement | null {
  for (const ancestor of ancestors) {
    if (!ancestor.isConnected) continue;
    // Reached the main area or the shell around it: nothing nearer the lost control survived.
    if (main ? ancestor.contains(main) : ancestor === ancestor.ownerDocument.body) break;
    const control = focusableWithin(ancestor)[0];
    if (control) return control;
    if (ancestor instanceof HTMLElement && ancestor.hasAttribute('tabindex') && canTakeFocus(ancestor)) return ancestor;
  }
  return main;
}

/**
 * Focus never drops to the page after an action. When the focused control is removed (an action whose
 * button gives way to its result, a row that leaves a list, a screen replaced by a shortcut) the browser
 * moves focus to <body>: a keyboard user is thrown back to the start of the window and a screen reader
 * says nothing. The keeper remembers the focused element's ancestors and, once a change to the page leaves
 * focus on <body> because that element is gone, focuses the nearest survivor (focusFallback). A click on
 * empty page, which also leaves focus on <body>, is left alone: the clicked element is still there.
 */
export function keepFocusOnThePage(doc: Document, mainId = 'main'): () => void {
  let ancestors: Element[] = [];
  let lost: Element | null = null;
  const onFocusIn = (event: FocusEvent): void => {
    const target = event.target;
    if (!(target instanceof Element) || target === doc.body) return;
    lost = target;
    ancestors = [];
    for (let el = target.parentElement; el; el = el.parentElement) ancestors.push(el);
  };
  const observer = new MutationObserver(() => {
    if (doc.activeElement && doc.activeElement !== doc.body) return;
    if (!lost || lost.isConnected) return;
    const fallback = focusFallback(ancestors, doc.getElementById(mainId));
    lost = null;
    fallback?.focus({ preventScroll: false });
  });
  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}

export function useFocusKeeper(): void {
  useEffect(() => keepFocusOnThePage(document), []);
}
