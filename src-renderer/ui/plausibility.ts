/**
 * Plausibility of what was typed where a person's name goes: a name that reads like an email address or
 * a phone number ("oliver.white@ 0412 34") was most likely typed in the wrong field. Said as a warning the
 * user can confirm, never a refusal: names do hold digits and odd signs now and then.
 */
export function nameWarning(text: string): string | undefined {
  const value = text.trim();
  if (value.includes('@')) return 'This looks like an email address, not a name. Is it in the right field?';
  if ((value.match(/\d/g) ?? []).length >= 3)
    return 'This looks like a phone number, not a name. Is it in the right field?';
  return undefined;
}
