/**
 * The one place where a contract schema's complaint about what a form built becomes words on screen.
 * zod's own messages are a library's ("Too small: expected string to have >=1 characters"); a form
 * passes this as the parse's error map, so each issue zod raises without a message of its own reads as a
 * sentence naming the field ("Enter a first name"). Messages a schema or a practice rule wrote
 * themselves take precedence over this map (zod's order), and are already sentences.
 */

/** The parts of a zod issue (as an error map receives it) that decide the words. */
export interface RawIssue {
  code?: string | undefined;
  path?: PropertyKey[] | undefined;
  input?: unknown;
  origin?: string | undefined;
  expected?: string | undefined;
  format?: string | undefined;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean | undefined;
  divisor?: unknown;
  values?: readonly unknown[] | undefined;
}

/** The field's name as the form labels it, in lower case ("first name"); from the key when not given. */
export type FieldLabels = Readonly<Record<string, string>>;

export function labelOf(path: readonly PropertyKey[] | undefined, labels: FieldLabels = {}): string {
  const key = String(path?.find((p) => typeof p === 'string') ?? '');
  const given = labels[key];
  if (given) return given;
  if (!key) return 'this field';
  // "recipientEmail" → "recipient email"; a trailing "ID" or "Key" names a choice, not something typed.
  return key
    .replace(/(ID|Id|Key)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

const article = (words: string) => (/^[aeiou]/i.test(words) ? `an ${words}` : `a ${words}`);
const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** A sentence for one issue, naming the field it concerns. */
export function plainIssueMessage(issue: RawIssue, labels: FieldLabels = {}): string {
  const label = labelOf(issue.path, labels);
  const Label = capital(label);
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing(issue.input))
        return issue.expected === 'string' ? `Enter ${article(label)}.` : `Choose ${article(label)}.`;
      if (issue.expected === 'number' || issue.expected === 'int') return `${Label} must be a number.`;
      if (issue.expected === 'boolean') return `Tick or untick ${label}.`;
      return `${Label} is not something the practice can take.`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? `Enter ${article(label)}.`
          : `${Label} needs at least ${String(issue.minimum)} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Add at least ${String(issue.minimum)} to ${label}.`;
      return issue.inclusive === false
        ? `${Label} must be more than ${String(issue.minimum)}.`
        : `${Label} must be at least ${String(issue.minimum)}.`;
    case 'too_big':
      if (issue.origin === 'string') return `${Label} is too long: at most ${String(issue.maximum)} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${Label} can have at most ${String(issue.maximum)}.`;
      return issue.inclusive === false
        ? `${Label} must be less than ${String(issue.maximum)}.`
        : `${Label} must be at most ${String(issue.maximum)}.`;
    case 'invalid_format':
      return formatMessage(issue.format, label, Label);
    case 'not_multiple_of':
      return `${Label} must be a multiple of ${String(issue.divisor)}.`;
    case 'invalid_value':
      return `Choose one of the offered ${label} values.`;
    case 'unrecognized_keys':
      return `${Label} holds something the practice does not take.`;
    default:
      return `${Label} is not something the practice can take.`;
  }
}

function formatMessage(format: string | undefined, label: string, Label: string): string {
  switch (format) {
    case 'email':
      return 'Enter an email address like name@example.com.';
    case 'url':
      return `Enter ${label} as a web address, like https://example.com.`;
    case 'date':
      return `Enter ${label} as a date.`;
    case 'datetime':
      return `Enter ${label} as a date and time.`;
    case 'uuid':
    case 'guid':
      return `Choose ${article(label)} from the list.`;
    default:
      return `${Label} is not in a form the practice takes.`;
  }
}

/** The error map a form's parse passes to zod (`schema.safeParse(value, { error: plainErrors(labels) })`). */
export const plainErrors =
  (labels: FieldLabels = {}) =>
  (issue: RawIssue): string =>
    plainIssueMessage(issue, labels);
