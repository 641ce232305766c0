/**
 * A merge field of the schema guide (`{{client.fullName}}`) in words: "Client's full name". The stored value
 * stays the template (it is what the practice fills in); only what the builder and the preview show is
 * worded. A field the guide spells another way is shown as the guide spells it, never guessed at.
 */

const owners: Record<string, { named: string; inSentence: string }> = {
  practice: { named: "Practice's", inSentence: "the practice's" },
  staff: { named: "Staff member's", inSentence: "the staff member's" },
  client: { named: "Client's", inSentence: "the client's" },
};

/** Words the guide's field names stand for where splitting the camel case would not say it as well. */
const fieldWords: Record<string, string> = {
  fullName: 'full name',
  preferredName: 'preferred name',
  firstName: 'first name',
  lastName: 'last name',
  email: 'email',
  mobile: 'mobile',
  phone: 'phone',
  name: 'name',
};

function parse(field: string): { owner: { named: string; inSentence: string }; words: string } | null {
  const match = /^\{\{\s*([a-z]+)\.([A-Za-z][A-Za-z0-9]*)\s*\}\}$/.exec(field);
  const owner = match ? owners[match[1]!] : undefined;
  if (!match || !owner) return null;
  const name = match[2]!;
  const words = fieldWords[name] ?? name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return { owner, words };
}

/** "Client's full name", "Staff member's email"; the field as written when it is not `{{owner.field}}`. */
export function mergeFieldName(field: string): string {
  const parsed = parse(field);
  return parsed ? `${parsed.owner.named} ${parsed.words}` : field;
}

/** The same inside a sentence: "the staff member's email". */
export function mergeFieldPhrase(field: string): string {
  const parsed = parse(field);
  return parsed ? `${parsed.owner.inSentence} ${parsed.words}` : field;
}
