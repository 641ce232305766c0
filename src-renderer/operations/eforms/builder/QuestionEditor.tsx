import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import type { SchemaGuide } from '../../../../src-preload/contract/partner-api';
import { CheckInput } from '../../../ui/form-kit';
import { LabelledSelect } from '../../../ui/LabelledSelect';
import {
  earlierQuestions,
  editQuestion,
  moveItem,
  placeQuestion,
  removeItem,
  type Patch,
  type QuestionAt,
} from './builder-edits';
import type { BuilderForm, BuilderQuestion, ShowIf } from './builder-model';
import { mergeFieldName } from './merge-field-words';
import { sensitiveByDefault } from './sensitive-types';

type QuestionType = SchemaGuide['questionTypes'][number];
/** Operators that test whether there is an answer, not what it is: they take no value. */
/** Condition operators that test whether there is an answer, so they take no value to compare with. */
const takesNoValue = (operator: string): boolean => operator === 'isAnswered' || operator === 'isNotAnswered';

/**
 * One question in the builder: its text, its place (up, down, into another section or group), and its details,
 * each offered only where the schema guide allows it for this type (sensitive, a merge field, the operators of
 * the question a condition tests, the sections and groups that may hold it).
 */
export function QuestionEditor(props: {
  guide: SchemaGuide;
  form: BuilderForm;
  question: BuilderQuestion;
  at: QuestionAt;
  position: string;
  first: boolean;
  last: boolean;
  onChange(form: BuilderForm): void;
}) {
  const { guide, form, question: q, at, onChange } = props;
  const [open, setOpen] = useState(false);
  const kind = guide.questionTypes.find((t) => t.type === q.type);
  const name = q.label.trim() || q.id;
  const edit = (patch: Patch<BuilderQuestion>) => onChange(editQuestion(form, at, patch));
  return (
    <Flex direction="column" gap="1" className="eform-builder-question" data-question-id={q.id}>
      <Flex gap="2" align="center" wrap="wrap">
        <Text size="1" color="gray">
          {props.position}
        </Text>
        <TextField.Root
          size="1"
          aria-label={`Question ${props.position} text`}
          value={q.label}
          onChange={(e) => edit({ label: e.target.value })}
          style={{ flex: '1 1 18rem', minWidth: '14rem' }}
        />
        <Text size="1" color="gray">
          {kind?.label ?? q.type}
          {q.required ? ' · required' : ''}
          {q.sensitive ? ' · sensitive' : ''}
          {q.showIf ? ' · conditional' : ''}
        </Text>
        <Button
          type="button"
          size="1"
          variant="soft"
          disabled={props.first}
          aria-label={`Move “${name}” up`}
          onClick={() => onChange(moveItem(form, at, -1))}
        >
          ↑
        </Button>
        <Button
          type="button"
          size="1"
          variant="soft"
          disabled={props.last}
          aria-label={`Move “${name}” down`}
          onClick={() => onChange(moveItem(form, at, 1))}
        >
          ↓
        </Button>
        <Button
          type="button"
          size="1"
          variant="soft"
          aria-expanded={open}
          aria-label={`Details of “${name}”`}
          onClick={() => setOpen((o) => !o)}
        >
          Details
        </Button>
        <Button
          type="button"
          size="1"
          variant="soft"
          color="gray"
          aria-label={`Remove “${name}”`}
          onClick={() => onChange(removeItem(form, at))}
        >
          Remove
        </Button>
      </Flex>
      {open && kind ? <QuestionDetails {...props} kind={kind} edit={edit} /> : null}
      {open && !kind ? (
        <Text size="1" color="red">
          The schema guide does not list the type “{q.type}”: change it in Advanced.
        </Text>
      ) : null}
    </Flex>
  );
}

function QuestionDetails(props: {
  guide: SchemaGuide;
  form: BuilderForm;
  question: BuilderQuestion;
  at: QuestionAt;
  kind: QuestionType;
  edit(patch: Patch<BuilderQuestion>): void;
  onChange(form: BuilderForm): void;
}) {
  const { guide, form, question: q, kind, edit } = props;
  const places = placesFor(form, kind, props.at);
  const holds = sensitiveByDefault(kind);
  return (
    <Flex direction="column" gap="1" pl="5" role="group" aria-label={`Details of “${q.label || q.id}”`}>
      <Text size="1" color="gray">
        {kind.description}
        {kind.notes ? ` ${kind.notes}` : ''}
      </Text>
      <Flex gap="3" wrap="wrap" align="center">
        <CheckInput
          label="Required"
          checked={q.required === true}
          onChange={(v) => edit({ required: v ? true : undefined })}
        />
        {kind.canBeSensitive ? (
          <CheckInput
            label="Sensitive"
            hint={holds ? `stored encrypted; ticked at first: this type holds ${holds}` : 'stored encrypted'}
            checked={q.sensitive === true}
            onChange={(v) => edit({ sensitive: v ? true : undefined })}
          />
        ) : null}
        {kind.canUseMergeField ? (
          <LabelledSelect
            label="Pre-fill from"
            value={q.mergeField ?? ''}
            onChange={(v) => edit({ mergeField: v || undefined })}
          >
            <option value="">Nothing</option>
            {/* Named in words; the value kept (and sent) is the guide's template. */}
            {guide.mergeFields.map((field) => (
              <option key={field} value={field}>
                {mergeFieldName(field)}
              </option>
            ))}
          </LabelledSelect>
        ) : null}
      </Flex>
      <ConditionEditor guide={guide} form={form} question={q} edit={edit} />
      {places.length > 1 ? (
        <LabelledSelect
          label="Place in"
          value={places.find((p) => p.here)?.value ?? ''}
          onChange={(v) => {
            const to = places.find((p) => p.value === v);
            if (to && !to.here) props.onChange(placeQuestion(form, props.at, to.container));
          }}
        >
          {places.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </LabelledSelect>
      ) : null}
    </Flex>
  );
}

/** Shown only when an earlier question's answer is…: the operators the guide lists for that question's type. */
function ConditionEditor(props: {
  guide: SchemaGuide;
  form: BuilderForm;
  question: BuilderQuestion;
  edit(patch: Patch<BuilderQuestion>): void;
}) {
  const { guide, question: q, edit } = props;
  const typeOf = (type: string) => guide.questionTypes.find((t) => t.type === type);
  const testable = earlierQuestions(props.form, q.id).filter(
    (e) => (typeOf(e.type)?.conditionalOperators.length ?? 0) > 0,
  );
  const tested = testable.find((e) => e.id === q.showIf?.question);
  const operators = tested ? (typeOf(tested.type)?.conditionalOperators ?? []) : [];
  const set = (showIf: ShowIf | undefined) => edit({ showIf });
  const withValue = (question: string, operator: string, type: string): ShowIf =>
    takesNoValue(operator) ? { question, operator } : { question, operator, value: type === 'yesno' ? true : '' };
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <LabelledSelect
        label="Show only if"
        value={tested?.id ?? ''}
        onChange={(id) => {
          const target = testable.find((e) => e.id === id);
          const operator = target ? typeOf(target.type)?.conditionalOperators[0] : undefined;
          set(target && operator ? withValue(target.id, operator, target.type) : undefined);
        }}
      >
        <option value="">Always shown</option>
        {testable.map((e) => (
          <option key={e.id} value={e.id}>
            {e.label || e.id}
          </option>
        ))}
      </LabelledSelect>
      {tested && q.showIf ? (
        <>
          <LabelledSelect
            label="Condition"
            value={q.showIf.operator}
            onChange={(op) => set(withValue(tested.id, op, tested.type))}
          >
            {operators.map((op) => (
              <option key={op} value={op}>
                {op}
              </option>
            ))}
          </LabelledSelect>
          {takesNoValue(q.showIf.operator) ? null : tested.type === 'yesno' ? (
            <LabelledSelect
              label="Answer"
              value={String(q.showIf.value === true)}
              onChange={(v) => set({ ...q.showIf!, value: v === 'true' })}
            >
              <option value="true">Yes</option>
              <option value="false">No</option>
            </LabelledSelect>
          ) : (
            <TextField.Root
              size="1"
              aria-label="Answer to compare with"
              value={String(q.showIf.value ?? '')}
              onChange={(e) =>
                set({
                  ...q.showIf!,
                  value:
                    tested.type === 'number' && e.target.value.trim() !== '' && !Number.isNaN(Number(e.target.value))
                      ? Number(e.target.value)
                      : e.target.value,
                })
              }
            />
          )}
        </>
      ) : null}
    </Flex>
  );
}

interface Place {
  value: string;
  label: string;
  here: boolean;
  container: { section: number; group?: number };
}

/** The sections and groups this type may be placed in: a repeating one only when the guide allows the type there. */
function placesFor(form: BuilderForm, kind: QuestionType, at: QuestionAt): Place[] {
  const places: Place[] = [];
  form.sections.forEach((section, s) => {
    const sectionName = section.title?.trim() || `Section ${s + 1}`;
    if (!section.repeating || kind.allowedInRepeatingSection)
      places.push({
        value: `s${s}`,
        label: sectionName,
        here: at.section === s && at.inGroup === undefined,
        container: { section: s },
      });
    section.items.forEach((item, g) => {
      if (item.kind !== 'group' || !kind.allowedInRepeatingGroup) return;
      if (section.repeating && !kind.allowedInRepeatingSection) return;
      places.push({
        value: `s${s}g${g}`,
        label: `${sectionName} › ${item.label || item.id} (repeating group)`,
        here: at.section === s && at.inGroup !== undefined && at.item === g,
        container: { section: s, group: g },
      });
    });
  });
  return places;
}
