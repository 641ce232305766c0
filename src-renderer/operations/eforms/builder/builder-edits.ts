import type { BuilderForm, BuilderGroup, BuilderItem, BuilderQuestion, BuilderSection } from './builder-model';
import { allQuestions, freshId } from './builder-model';

/** Where a question sits: its section, its place there, and its place inside a group when it is in one. */
export interface QuestionAt {
  section: number;
  item: number;
  inGroup?: number;
}
/** A change to some fields; a field set to undefined is removed. */
export type Patch<T> = { [K in keyof T]?: T[K] | undefined };
/** Where new questions go: a section, or a group of it. */
export interface Container {
  section: number;
  group?: number;
}

const mapSection = (form: BuilderForm, s: number, edit: (section: BuilderSection) => BuilderSection): BuilderForm => ({
  ...form,
  sections: form.sections.map((section, i) => (i === s ? edit(section) : section)),
});

const mapContainer = (form: BuilderForm, at: Container, edit: (items: BuilderItem[]) => BuilderItem[]): BuilderForm =>
  mapSection(form, at.section, (section) =>
    at.group === undefined
      ? { ...section, items: edit(section.items) }
      : {
          ...section,
          items: section.items.map((item, i) =>
            i === at.group && item.kind === 'group'
              ? { ...item, questions: edit(item.questions) as BuilderQuestion[] }
              : item,
          ),
        },
  );

const containerOf = (at: QuestionAt): Container =>
  at.inGroup === undefined ? { section: at.section } : { section: at.section, group: at.item };
const indexIn = (at: QuestionAt) => at.inGroup ?? at.item;

export function questionAt(form: BuilderForm, at: QuestionAt): BuilderQuestion | null {
  const item = form.sections[at.section]?.items[at.item];
  if (!item) return null;
  if (at.inGroup === undefined) return item.kind === 'question' ? item : null;
  return item.kind === 'group' ? (item.questions[at.inGroup] ?? null) : null;
}

/** A new question at the end of a section or group; `starts` with what it is ticked with at first (sensitive). */
export function addQuestion(
  form: BuilderForm,
  to: Container,
  type: string,
  label: string,
  starts: Pick<BuilderQuestion, 'sensitive'> = {},
): BuilderForm {
  const question: BuilderQuestion = { kind: 'question', id: freshId(form, type), type, label, ...starts, extra: {} };
  return mapContainer(form, to, (items) => [...items, question]);
}

export function addGroup(form: BuilderForm, section: number, label: string): BuilderForm {
  const group: BuilderGroup = { kind: 'group', id: freshId(form, 'group'), label, questions: [], extra: {} };
  return mapContainer(form, { section }, (items) => [...items, group]);
}

export const addSection = (form: BuilderForm, title: string): BuilderForm => ({
  ...form,
  sections: [...form.sections, { title, items: [], extra: {} }],
});

export const editSection = (form: BuilderForm, s: number, patch: Patch<BuilderSection>): BuilderForm =>
  mapSection(form, s, (section) => dropUndefined({ ...section, ...patch }));

export function editQuestion(form: BuilderForm, at: QuestionAt, patch: Patch<BuilderQuestion>): BuilderForm {
  return mapContainer(form, containerOf(at), (items) =>
    items.map((item, i) =>
      i === indexIn(at) && item.kind === 'question' ? dropUndefined({ ...item, ...patch }) : item,
    ),
  );
}

export const editGroupLabel = (form: BuilderForm, section: number, group: number, label: string): BuilderForm =>
  mapContainer(form, { section }, (items) =>
    items.map((item, i) => (i === group && item.kind === 'group' ? { ...item, label } : item)),
  );

/** Moves an item (a question or a group) one place up (-1) or down (+1) inside its section or group. */
export function moveItem(form: BuilderForm, at: QuestionAt, by: -1 | 1): BuilderForm {
  return mapContainer(form, containerOf(at), (items) => {
    const from = indexIn(at);
    const to = from + by;
    if (to < 0 || to >= items.length) return items;
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved as BuilderItem);
    return next;
  });
}

/**
 * Removes an item (a question, or a group with its questions). A condition that tested a removed question goes
 * too, so the form never points at a question it no longer has.
 */
export function removeItem(form: BuilderForm, at: QuestionAt): BuilderForm {
  const container = containerOf(at);
  const items =
    container.group === undefined
      ? form.sections[at.section]?.items
      : (form.sections[at.section]?.items[container.group] as BuilderGroup | undefined)?.questions;
  const removed = items?.[indexIn(at)];
  if (!removed) return form;
  const gone = new Set(removed.kind === 'group' ? removed.questions.map((q) => q.id) : [removed.id]);
  const without = mapContainer(form, container, (list) => list.filter((_, i) => i !== indexIn(at)));
  return clearConditionsOn(without, gone);
}

export const removeSection = (form: BuilderForm, s: number): BuilderForm => {
  const gone = new Set(
    (form.sections[s]?.items ?? []).flatMap((i) => (i.kind === 'group' ? i.questions.map((q) => q.id) : [i.id])),
  );
  return clearConditionsOn({ ...form, sections: form.sections.filter((_, i) => i !== s) }, gone);
};

/** Moves a question to the end of another section or group (where it is answered once, or once per repetition). */
export function placeQuestion(form: BuilderForm, at: QuestionAt, to: Container): BuilderForm {
  const question = questionAt(form, at);
  if (!question) return form;
  const removed = mapContainer(form, containerOf(at), (items) => items.filter((_, i) => i !== indexIn(at)));
  // Removing a question from a section before a group shifts the group's place in that section by one.
  const shifted =
    to.group !== undefined && at.inGroup === undefined && at.section === to.section && at.item < to.group
      ? { ...to, group: to.group - 1 }
      : to;
  return mapContainer(removed, shifted, (items) => [...items, question]);
}

/** The questions asked before this one: the ones its condition may test. */
export function earlierQuestions(form: BuilderForm, id: string): BuilderQuestion[] {
  const all = allQuestions(form);
  const index = all.findIndex((q) => q.id === id);
  return index < 0 ? [] : all.slice(0, index);
}

function clearConditionsOn(form: BuilderForm, ids: Set<string>): BuilderForm {
  const clear = (q: BuilderQuestion): BuilderQuestion => {
    if (!q.showIf || !ids.has(q.showIf.question)) return q;
    const { showIf: _dropped, ...rest } = q;
    return rest;
  };
  return {
    ...form,
    sections: form.sections.map((section) => ({
      ...section,
      items: section.items.map((item) =>
        item.kind === 'question' ? clear(item) : { ...item, questions: item.questions.map(clear) },
      ),
    })),
  };
}

/** A patch sets a field to undefined to remove it: the written schema then has no such field at all. */
function dropUndefined<T extends object>(value: Patch<T>): T {
  const copy = { ...value } as Record<string, unknown>;
  for (const key of Object.keys(copy)) if (copy[key] === undefined) delete copy[key];
  return copy as T;
}
