import { describe, expect, it } from 'vitest';
import {
  checkLineEdits,
  keepMine,
  lineEditsOf,
  takeTheirs,
} from '../../../../src-preload/contract/outbox/service-line-edits';

const A = { serviceID: 1, quantity: 1, price: 100 };
const B = { serviceID: 2, quantity: 2, price: 50 };
const C = { serviceID: 3, quantity: 1, price: 30 };

describe('lineEditsOf: only the lines that changed', () => {
  it('sends nothing for an unchanged list', () => {
    expect(lineEditsOf([A, B], [A, B])).toEqual({ services: [], base: [] });
  });

  it('sends a changed quantity alone, with the line as read as its base', () => {
    expect(lineEditsOf([A, B], [{ ...A, quantity: 3 }, B])).toEqual({
      services: [{ serviceID: 1, quantity: 3 }],
      base: [{ serviceID: 1, was: { quantity: 1, price: 100 } }],
    });
  });

  it('sends added lines whole, removed lines as remove, and never the untouched one', () => {
    const { services, base } = lineEditsOf([A, B], [B, { serviceID: 3, quantity: 1, price: 30 }]);
    expect(services).toEqual([
      { serviceID: 3, quantity: 1, price: 30 },
      { serviceID: 1, remove: true },
    ]);
    expect(base).toEqual([
      { serviceID: 3, was: null },
      { serviceID: 1, was: { quantity: 1, price: 100 } },
    ]);
    expect(services.some((s) => s.serviceID === 2)).toBe(false);
  });

  it('a blank price on an existing line keeps its price; a new line without one takes the catalogue price', () => {
    expect(lineEditsOf([A], [{ serviceID: 1, quantity: 1 }]).services).toEqual([]);
    expect(lineEditsOf([], [{ serviceID: 4, quantity: 2 }]).services).toEqual([{ serviceID: 4, quantity: 2 }]);
  });

  it('compares prices to the cent', () => {
    expect(lineEditsOf([A], [{ ...A, price: 100.001 }]).services).toEqual([]);
    expect(lineEditsOf([A], [{ ...A, price: 100.5 }]).services).toEqual([{ serviceID: 1, price: 100.5 }]);
  });
});

describe('checkLineEdits: the conflict rule', () => {
  const edit = lineEditsOf([A, B], [{ ...A, quantity: 3 }, B]);

  it('sends a line still as it was read, even when another line changed at the practice', () => {
    const current = [A, { ...B, quantity: 9 }];
    expect(checkLineEdits(edit.services, edit.base, current)).toEqual({
      send: [{ serviceID: 1, quantity: 3 }],
      conflicts: [],
    });
  });

  it('holds a line changed at the practice since it was read, with both versions', () => {
    const current = [{ ...A, quantity: 5, serviceName: 'Bookkeeping' }, B];
    expect(checkLineEdits(edit.services, edit.base, current)).toEqual({
      send: [],
      conflicts: [
        {
          serviceID: 1,
          name: 'Bookkeeping',
          was: { quantity: 1, price: 100 },
          theirs: { quantity: 5, price: 100 },
          mine: { quantity: 3, price: 100 },
        },
      ],
    });
  });

  it('a line removed at the practice while changed here is a conflict (theirs: none)', () => {
    const { conflicts } = checkLineEdits(edit.services, edit.base, [B]);
    expect(conflicts.map((c) => [c.serviceID, c.theirs])).toEqual([[1, null]]);
  });

  it('a line added here that someone else added at the practice with other values is a conflict', () => {
    const add = lineEditsOf([A], [A, C]);
    const { send, conflicts } = checkLineEdits(add.services, add.base, [A, { ...C, quantity: 4 }]);
    expect(send).toEqual([]);
    expect(conflicts.map((c) => [c.serviceID, c.was, c.theirs])).toEqual([[3, null, { quantity: 4, price: 30 }]]);
  });

  it('a line that already is what the edit makes it is not sent again (an earlier attempt arrived)', () => {
    const change = lineEditsOf([A, B], [{ ...A, quantity: 3 }]);
    expect(checkLineEdits(change.services, change.base, [{ ...A, quantity: 3 }])).toEqual({ send: [], conflicts: [] });
  });

  it('an edit with no base for a line expects the line absent', () => {
    const { conflicts } = checkLineEdits([{ serviceID: 1, quantity: 3 }], [], [A]);
    expect(conflicts).toHaveLength(1);
  });
});

describe('the choices', () => {
  const edit = lineEditsOf(
    [A, B],
    [
      { ...A, quantity: 3 },
      { ...B, quantity: 4 },
    ],
  );
  const current = [{ ...A, quantity: 5 }, B];
  const { conflicts } = checkLineEdits(edit.services, edit.base, current);

  it('keep mine: the practice version becomes the base, so the line is sent over it', () => {
    const base = keepMine(edit.base, conflicts);
    expect(checkLineEdits(edit.services, base, current)).toEqual({
      send: [
        { serviceID: 1, quantity: 3 },
        { serviceID: 2, quantity: 4 },
      ],
      conflicts: [],
    });
  });

  it('take theirs: the conflicting line leaves the edit, the rest still goes', () => {
    const left = takeTheirs(edit.services, edit.base, conflicts);
    expect(left.services).toEqual([{ serviceID: 2, quantity: 4 }]);
    expect(checkLineEdits(left.services, left.base, current).send).toEqual([{ serviceID: 2, quantity: 4 }]);
  });
});
