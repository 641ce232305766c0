import { z } from 'zod';
import { money } from '../partner-api/common';
import type { ServicesPatch } from '../partner-api';

/**
 * A proposal's service lines edited as lines (`PATCH …/services`, matched by serviceID): only the lines the
 * user changed are sent, with each one's value as it was read (the base). Before sending, the practice's
 * current lines are compared with that base: a line changed there since it was read is a conflict, shown
 * with both versions and never overwritten silently; a line nobody else touched goes out; another
 * person's change to a line this edit did not touch is never sent over, because that line is not sent.
 */

const lineValueSchema = z.strictObject({ quantity: z.number(), price: money });
export type LineValue = z.infer<typeof lineValueSchema>;

/** One touched line as it was read: its value, or null when the proposal did not have it (an added line). */
export const baseLineSchema = z.strictObject({ serviceID: z.number().int(), was: lineValueSchema.nullable() });
export type BaseLine = z.infer<typeof baseLineSchema>;
export const servicesBaseSchema = z.array(baseLineSchema).max(200);

export type PatchLine = ServicesPatch['services'][number];

/** A line of the proposal as the practice or this laptop holds it. */
export interface CurrentLine {
  serviceID: number;
  quantity: number;
  price: number;
}

/** A line edited here and at the practice since it was read: both versions, and what it was. */
export const lineConflictSchema = z.strictObject({
  serviceID: z.number().int(),
  name: z.string().max(200),
  was: lineValueSchema.nullable(),
  theirs: lineValueSchema.nullable(),
  /** What this edit makes of the line; a price left out means the catalogue's (or the line's own). */
  mine: z.strictObject({ quantity: z.number().optional(), price: money.optional() }).nullable(),
});
export type LineConflict = z.infer<typeof lineConflictSchema>;

const cents = (amount: number) => Math.round(amount * 100);
const sameValue = (a: LineValue | null, b: LineValue | null) =>
  a === null || b === null ? a === b : a.quantity === b.quantity && cents(a.price) === cents(b.price);
const valueOf = (line: CurrentLine | undefined): LineValue | null =>
  line ? { quantity: line.quantity, price: line.price } : null;

/**
 * The PATCH for going from `before` (the lines as read) to `after` (as typed): added lines whole, changed
 * lines with only the fields that changed, removed lines as `remove`; unchanged lines not at all. A blank
 * price (`undefined`) on an existing line keeps the line's price. Lines are matched by serviceID, as the
 * practice matches them; `after` names each service once (the form says so otherwise).
 */
export function lineEditsOf(
  before: readonly CurrentLine[],
  after: readonly { serviceID: number; quantity: number; price?: number | undefined }[],
): { services: PatchLine[]; base: BaseLine[] } {
  const services: PatchLine[] = [];
  const base: BaseLine[] = [];
  const kept = new Set<number>();
  for (const row of after) {
    kept.add(row.serviceID);
    const old = before.find((line) => line.serviceID === row.serviceID);
    if (!old) {
      services.push({
        serviceID: row.serviceID,
        quantity: row.quantity,
        ...(row.price === undefined ? {} : { price: row.price }),
      });
      base.push({ serviceID: row.serviceID, was: null });
      continue;
    }
    const quantityChanged = row.quantity !== old.quantity;
    const priceChanged = row.price !== undefined && cents(row.price) !== cents(old.price);
    if (!quantityChanged && !priceChanged) continue;
    services.push({
      serviceID: row.serviceID,
      ...(quantityChanged ? { quantity: row.quantity } : {}),
      ...(priceChanged ? { price: row.price } : {}),
    });
    base.push({ serviceID: row.serviceID, was: valueOf(old) });
  }
  for (const old of before) {
    if (kept.has(old.serviceID)) continue;
    services.push({ serviceID: old.serviceID, remove: true });
    base.push({ serviceID: old.serviceID, was: valueOf(old) });
  }
  return { services, base };
}

/** What the edit of one line makes of it, from what it was. */
function mineOf(edit: PatchLine, was: LineValue | null): LineConflict['mine'] {
  if (edit.remove) return null;
  return {
    ...(edit.quantity !== undefined ? { quantity: edit.quantity } : was ? { quantity: was.quantity } : {}),
    ...(edit.price !== undefined ? { price: edit.price } : was ? { price: was.price } : {}),
  };
}

/** The line as it is already says what this edit says (applied by an earlier attempt, or the same change made there). */
function alreadyMine(current: LineValue | null, mine: LineConflict['mine']): boolean {
  if (mine === null || current === null) return mine === current;
  return (
    (mine.quantity === undefined || mine.quantity === current.quantity) &&
    (mine.price === undefined || cents(mine.price) === cents(current.price))
  );
}

/**
 * The one rule, for each line the edit touches, against the practice's lines now:
 * - the line already is what this edit makes it → nothing to send for it (an earlier attempt arrived, or
 *   someone made the same change);
 * - the line is still as it was read → it is sent;
 * - otherwise it changed at the practice since it was read → a conflict: nothing of the edit is sent until
 *   the user chooses (keep mine, take theirs, edit).
 * A line with no base (an entry edited by hand) is read as "was absent", so it is sent only where the
 * practice does not have it either.
 */
export function checkLineEdits(
  services: readonly PatchLine[],
  base: readonly BaseLine[],
  current: readonly (CurrentLine & { serviceName?: string })[],
): { send: PatchLine[]; conflicts: LineConflict[] } {
  const send: PatchLine[] = [];
  const conflicts: LineConflict[] = [];
  for (const edit of services) {
    const line = current.find((l) => l.serviceID === edit.serviceID);
    const theirs = valueOf(line);
    const was = base.find((b) => b.serviceID === edit.serviceID)?.was ?? null;
    const mine = mineOf(edit, was);
    if (alreadyMine(theirs, mine)) continue;
    if (sameValue(theirs, was)) send.push(edit);
    else
      conflicts.push({
        serviceID: edit.serviceID,
        name: (line?.serviceName ?? `Service ${edit.serviceID}`).slice(0, 200),
        was,
        theirs,
        mine,
      });
  }
  return { send, conflicts };
}

/**
 * After a line edit was sent: the lines it touched as the practice has them now, against what the edit made
 * them. A field this edit sent that reads otherwise (or a removed line that is back, an added one gone) was
 * changed at the practice as the edit went out: a conflict with both versions, so the user decides, never
 * a change lost without a word. A field the edit did not send is someone else's to change (their change and
 * this edit stand side by side), so it is not compared.
 */
export function linesChangedAsSent(
  sent: readonly PatchLine[],
  before: readonly CurrentLine[],
  after: readonly (CurrentLine & { serviceName?: string })[],
): LineConflict[] {
  const conflicts: LineConflict[] = [];
  for (const edit of sent) {
    const was = valueOf(before.find((l) => l.serviceID === edit.serviceID));
    const line = after.find((l) => l.serviceID === edit.serviceID);
    const theirs = valueOf(line);
    const mine = mineOf(edit, was);
    const held = edit.remove
      ? theirs === null
      : theirs !== null &&
        (edit.quantity === undefined || edit.quantity === theirs.quantity) &&
        (edit.price === undefined || cents(edit.price) === cents(theirs.price));
    if (!held)
      conflicts.push({
        serviceID: edit.serviceID,
        name: (line?.serviceName ?? `Service ${edit.serviceID}`).slice(0, 200),
        was,
        theirs,
        mine,
      });
  }
  return conflicts;
}

/** "Keep mine": the conflicting lines are sent over the practice's version, which becomes their base. */
export function keepMine(base: readonly BaseLine[], conflicts: readonly LineConflict[]): BaseLine[] {
  const theirs = new Map(conflicts.map((c) => [c.serviceID, c.theirs]));
  const kept = base.map((b) => (theirs.has(b.serviceID) ? { ...b, was: theirs.get(b.serviceID)! } : b));
  for (const c of conflicts)
    if (!kept.some((b) => b.serviceID === c.serviceID)) kept.push({ serviceID: c.serviceID, was: c.theirs });
  return kept;
}

/** "Take theirs": the conflicting lines leave the edit; the rest of it still goes (empty: nothing left to send). */
export function takeTheirs(
  services: readonly PatchLine[],
  base: readonly BaseLine[],
  conflicts: readonly LineConflict[],
): { services: PatchLine[]; base: BaseLine[] } {
  const dropped = new Set(conflicts.map((c) => c.serviceID));
  return {
    services: services.filter((s) => !dropped.has(s.serviceID)),
    base: base.filter((b) => !dropped.has(b.serviceID)),
  };
}
