/** Badge colours Radix Themes offers that the status families use. */
export type StatusColour = 'gray' | 'blue' | 'amber' | 'green' | 'red';

/**
 * An onboarding status's colour by what it means for the practice, not one colour for all. Statuses are
 * the practice's own list (read from it, not fixed by the contract), so the name is matched by meaning:
 * done is green, stopped is red, waiting on someone (the client, an approver) is amber, under way is blue,
 * not yet started (draft) or anything unknown is gray.
 */
export function onboardingStatusColour(statusName: string): StatusColour {
  const name = statusName.trim().toLowerCase();
  if (/\b(completed?|done|finished|approved)\b/.test(name)) return 'green';
  if (/\b(cancell?ed|declined|rejected|withdrawn|expired|failed)\b/.test(name)) return 'red';
  if (/\b(awaiting|waiting|pending|on hold)\b/.test(name)) return 'amber';
  if (/\b(in progress|sent|started|open|under way)\b/.test(name)) return 'blue';
  return 'gray';
}
