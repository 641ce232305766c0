import { Box, Button, Card, Flex, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import type { SchemaGuide } from '../../../../src-preload/contract/partner-api';
import { CheckInput } from '../../../ui/form-kit';
import { LabelledSelect } from '../../../ui/LabelledSelect';
import {
  addGroup,
  addQuestion,
  addSection,
  editGroupLabel,
  editSection,
  moveItem,
  removeItem,
  removeSection,
  type Container,
} from './builder-edits';
import type { BuilderForm, BuilderGroup } from './builder-model';
import { QuestionEditor } from './QuestionEditor';
import { sensitiveByDefault } from './sensitive-types';

type QuestionType = SchemaGuide['questionTypes'][number];

/** A tax number, bank details or an identity number starts marked sensitive (sensitive-types.ts). */
const startsWith = (type: QuestionType) => (sensitiveByDefault(type) ? { sensitive: true } : {});

/**
 * The custom eForm builder: sections of questions and repeating groups, with a palette of the schema guide's
 * question types in each. A repeating section or group offers only the types the guide allows in one, and a
 * section holding a type that may not repeat cannot be made repeating. Every control is a native button, select
 * or text field: the whole form is built from the keyboard.
 */
export function EformBuilder(props: { guide: SchemaGuide; form: BuilderForm; onChange(form: BuilderForm): void }) {
  const { guide, form, onChange } = props;
  const typeOf = (type: string) => guide.questionTypes.find((t) => t.type === type);
  return (
    <Flex direction="column" gap="2" role="group" aria-label="Form builder">
      {form.sections.map((section, s) => {
        const name = section.title?.trim() || `Section ${s + 1}`;
        const types = section.items.flatMap((i) => (i.kind === 'question' ? [i.type] : i.questions.map((q) => q.type)));
        const blocker = types.map(typeOf).find((t) => t && !t.allowedInRepeatingSection);
        return (
          <Card key={s} size="1">
            <Flex direction="column" gap="2" role="group" aria-label={`Section ${s + 1}`}>
              <Flex gap="2" align="center" wrap="wrap">
                <TextField.Root
                  size="1"
                  aria-label={`Title of section ${s + 1}`}
                  placeholder="Section title"
                  value={section.title ?? ''}
                  onChange={(e) => onChange(editSection(form, s, { title: e.target.value }))}
                />
                {blocker && !section.repeating ? (
                  <Text size="1" color="gray">
                    Not repeating: a {blocker.label} question cannot repeat.
                  </Text>
                ) : (
                  <CheckInput
                    label="Repeating section"
                    hint="answered once per item"
                    checked={section.repeating === true}
                    onChange={(v) => onChange(editSection(form, s, { repeating: v ? true : undefined }))}
                  />
                )}
                <Button
                  type="button"
                  size="1"
                  variant="soft"
                  color="gray"
                  disabled={form.sections.length <= 1}
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange(removeSection(form, s))}
                >
                  Remove section
                </Button>
              </Flex>
              {section.items.map((item, i) => {
                const at = { section: s, item: i };
                const ends = { first: i === 0, last: i === section.items.length - 1 };
                return item.kind === 'question' ? (
                  <QuestionEditor
                    key={`${item.id}-${i}`}
                    {...{ guide, form, onChange, at, ...ends }}
                    question={item}
                    position={`${s + 1}.${i + 1}`}
                  />
                ) : (
                  <GroupEditor
                    key={`${item.id}-${i}`}
                    {...{ guide, form, onChange, ...ends }}
                    group={item}
                    section={s}
                    index={i}
                    repeatingSection={section.repeating === true}
                  />
                );
              })}
              <Palette
                types={guide.questionTypes.filter((t) => !section.repeating || t.allowedInRepeatingSection)}
                where={name}
                onAdd={(type) => onChange(addQuestion(form, { section: s }, type.type, type.label, startsWith(type)))}
                extra={
                  <Button
                    type="button"
                    size="1"
                    variant="soft"
                    onClick={() => onChange(addGroup(form, s, 'Repeating group'))}
                  >
                    Add a repeating group to {name}
                  </Button>
                }
              />
            </Flex>
          </Card>
        );
      })}
      <Box>
        <Button
          type="button"
          size="1"
          variant="soft"
          onClick={() => onChange(addSection(form, `Section ${form.sections.length + 1}`))}
        >
          Add a section
        </Button>
      </Box>
    </Flex>
  );
}

function GroupEditor(props: {
  guide: SchemaGuide;
  form: BuilderForm;
  group: BuilderGroup;
  section: number;
  index: number;
  repeatingSection: boolean;
  first: boolean;
  last: boolean;
  onChange(form: BuilderForm): void;
}) {
  const { guide, form, group, section, index, onChange } = props;
  const at = { section, item: index };
  const name = group.label.trim() || group.id;
  const container: Container = { section, group: index };
  return (
    <Box pl="3" className="eform-builder-group">
      <Flex direction="column" gap="1" role="group" aria-label={`Repeating group “${name}”`}>
        <Flex gap="2" align="center" wrap="wrap">
          <Text size="1" color="gray">
            Repeating group
          </Text>
          <TextField.Root
            size="1"
            aria-label={`Name of group ${section + 1}.${index + 1}`}
            value={group.label}
            onChange={(e) => onChange(editGroupLabel(form, section, index, e.target.value))}
          />
          <Button
            type="button"
            size="1"
            variant="soft"
            disabled={props.first}
            aria-label={`Move group “${name}” up`}
            onClick={() => onChange(moveItem(form, at, -1))}
          >
            ↑
          </Button>
          <Button
            type="button"
            size="1"
            variant="soft"
            disabled={props.last}
            aria-label={`Move group “${name}” down`}
            onClick={() => onChange(moveItem(form, at, 1))}
          >
            ↓
          </Button>
          <Button
            type="button"
            size="1"
            variant="soft"
            color="gray"
            aria-label={`Remove group “${name}”`}
            onClick={() => onChange(removeItem(form, at))}
          >
            Remove
          </Button>
        </Flex>
        {group.questions.map((question, g) => (
          <QuestionEditor
            key={`${question.id}-${g}`}
            {...{ guide, form, onChange, question }}
            at={{ ...at, inGroup: g }}
            position={`${section + 1}.${index + 1}.${g + 1}`}
            first={g === 0}
            last={g === group.questions.length - 1}
          />
        ))}
        <Palette
          types={guide.questionTypes.filter(
            (t) => t.allowedInRepeatingGroup && (!props.repeatingSection || t.allowedInRepeatingSection),
          )}
          where={`group “${name}”`}
          onAdd={(type) => onChange(addQuestion(form, container, type.type, type.label, startsWith(type)))}
        />
      </Flex>
    </Box>
  );
}

/** The guide's question types, each with its label and description: pick one, add it at the end. */
function Palette(props: {
  types: QuestionType[];
  where: string;
  onAdd(type: QuestionType): void;
  extra?: React.ReactNode;
}) {
  const [chosen, setChosen] = useState(props.types[0]?.type ?? '');
  const type = props.types.find((t) => t.type === chosen) ?? props.types[0];
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <LabelledSelect label={`New question in ${props.where}`} value={type?.type ?? ''} onChange={setChosen}>
        {props.types.map((t) => (
          <option key={t.type} value={t.type}>
            {t.label}
          </option>
        ))}
      </LabelledSelect>
      <Button
        type="button"
        size="1"
        disabled={!type}
        aria-label={`Add a question to ${props.where}`}
        onClick={() => type && props.onAdd(type)}
      >
        Add question
      </Button>
      {props.extra}
      {type ? (
        <Text size="1" color="gray">
          {type.description}
        </Text>
      ) : null}
    </Flex>
  );
}
