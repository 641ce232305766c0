import type { SchemaGuide } from '../../../../src-preload/contract/partner-api';

type QuestionType = SchemaGuide['questionTypes'][number];

/**
 * What a question type holds when the practice's schema guide describes it as a tax number, bank details or an
 * identity number, read from the guide's own words for the type (its name, label and description), since the
 * guide has no field for it. Such a question starts marked sensitive, with the reason beside the box.
 */
const holds: readonly { what: string; words: RegExp }[] = [
  {
    what: 'a tax number',
    words:
      /\btax\s*(file\s*)?(number|no\b|id\b|reference)|\b(tfn|ird|utr|nino|ssn|tin)\b|national insurance|income tax number/i,
  },
  {
    what: 'bank details',
    words: /\bbank|\baccount\s*(number|no\b)|\bbsb\b|sort\s*code|\biban\b|branch\s*code|routing\s*number/i,
  },
  {
    what: 'an identity number',
    words:
      /\bid(entity)?\s*(number|no\b)|\bidnumber|passport|driver'?s?\s*licen[cs]e|national\s*id|identity\s*(card|document)\s*number/i,
  },
];

/**
 * "a tax number", "bank details" or "an identity number" when the guide's type is one and may be marked
 * sensitive; null otherwise (a type the guide does not let be sensitive is never ticked, whatever its words).
 */
export function sensitiveByDefault(type: QuestionType): string | null {
  if (!type.canBeSensitive) return null;
  const text = `${type.type} ${type.label} ${type.description}`;
  return holds.find((h) => h.words.test(text))?.what ?? null;
}
