import type { Page } from 'playwright-core';

/*
 * What "fits the window" means, checked in the page on whatever is shown: every amount of money and every
 * button's or link's words are whole, on one line (money), and inside the window and every box that clips
 * them, where they stand now. Money is found by what it reads like ("$1,234.56", "−$5.00", "R 1 234,56"), not by a class,
 * so an amount a screen forgets to mark is checked too. Vertical scrolling is allowed (pages and dialog bodies
 * scroll); needing to scroll sideways to read an amount is not.
 */
export function fitProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const windowWidth = document.documentElement.clientWidth;
    // "$1,234.56" (ANZ), "£1,234.56" (UK), "R 1 234,56" (South Africa: spaces group, a comma marks the cents).
    const money = /[−-]?(?:\$|£|R[\s\u00a0]?)\d(?:[\d,]|[\s\u00a0\u202f](?=\d{3}\b))*(?:[.,]\d\d)?/g;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}${el.classList.length ? `.${[...el.classList].slice(0, 2).join('.')}` : ''}`;
    const shown = (el: Element) =>
      el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !el.closest('option, select');

    /**
     * Where a piece of text is cut: across lines (money), or by an ancestor that hides overflow, or off the
     * window. Money must be readable where it stands; an action may sit in a box that scrolls sideways
     * (a wide table's trailing columns), as long as that box is whole itself.
     */
    function cutAt(range: Range, from: Element, isMoney: boolean): string | null {
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (rects.length === 0) return null;
      if (isMoney && new Set(rects.map((r) => Math.round(r.top))).size > 1) return 'wraps onto two lines';
      const whole = range.getBoundingClientRect();
      let box = { left: whole.left, right: whole.right };
      for (let a: Element | null = from; a && a !== document.documentElement; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== 'visible') {
          const outer = a.getBoundingClientRect();
          const clip = { left: outer.left + a.clientLeft, right: outer.left + a.clientLeft + a.clientWidth };
          if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) {
            if (isMoney || !['auto', 'scroll'].includes(style.overflowX)) return `is cut by ${describe(a)}`;
            box = clip;
          }
        }
        // A modal dialog (the top layer) or a fixed box is not clipped by the boxes around it in the page.
        if (a.matches('dialog[open]') || style.position === 'fixed') break;
      }
      if (box.left < -0.5 || box.right > windowWidth + 0.5) return `leaves the window (${Math.round(box.right)}px)`;
      return null;
    }

    // With a dialog open, the page behind it is inert and was checked before: only the dialog counts.
    const root = document.querySelector('dialog[open]') ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (!parent || !shown(parent) || !text.trim()) continue;
      for (const match of text.matchAll(money)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const cut = cutAt(range, parent, true);
        if (cut) problems.push(`money "${match[0]}" in ${describe(parent)} ${cut}`);
      }
      const action = parent.closest('button, a, [role="button"], [role="tab"]');
      if (action) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const cut = cutAt(range, parent, false);
        if (cut) problems.push(`"${text.trim()}" on ${describe(action)} ${cut}`);
      }
    }
    for (const action of root.querySelectorAll('button, a, [role="button"]')) {
      if (!shown(action) || getComputedStyle(action).overflowX === 'visible') continue;
      if (action.scrollWidth > action.clientWidth + 1)
        problems.push(`"${action.textContent?.trim()}" on ${describe(action)} is wider than its box`);
    }
    // What a field shows (a typed amount, the chosen service's name and price) is read whole in its box.
    const ruler = document.createElement('span');
    ruler.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
    document.body.append(ruler);
    for (const field of root.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) {
      if (
        !field.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) ||
        (field instanceof HTMLInputElement && !['text', 'search', ''].includes(field.type))
      )
        continue;
      const shows = field instanceof HTMLSelectElement ? (field.selectedOptions[0]?.text ?? '') : field.value;
      if (!shows) continue;
      const style = getComputedStyle(field);
      ruler.style.font = style.font;
      ruler.style.letterSpacing = style.letterSpacing;
      ruler.textContent = shows;
      // A select keeps room for its arrow at the end.
      const room =
        field.clientWidth -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) -
        (field instanceof HTMLSelectElement ? 12 : 0);
      if (ruler.getBoundingClientRect().width > room + 1)
        problems.push(`"${shows}" in ${describe(field)} is wider than its field (${Math.round(room)}px)`);
    }
    ruler.remove();
    return problems;
  });
}

/** An open dialog's action (by its words) is on screen as the dialog opens, without scrolling anything. */
export function dialogActionProblems(page: Page, action: string): Promise<string[]> {
  return page.evaluate((name) => {
    const dialog = document.querySelector('dialog[open]');
    if (!dialog) return ['no dialog is open'];
    const button = [...dialog.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
    if (!button) return [`the dialog has no "${name}" button`];
    const box = button.getBoundingClientRect();
    const frame = dialog.getBoundingClientRect();
    const problems: string[] = [];
    if (box.bottom > window.innerHeight || box.top < 0) problems.push(`"${name}" is outside the window`);
    if (box.bottom > frame.bottom || box.top < frame.top) problems.push(`"${name}" is below the dialog's fold`);
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || !button.contains(hit)) problems.push(`"${name}" is covered`);
    return problems;
  }, action);
}
