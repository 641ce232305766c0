import { Box, Button, Card, Flex, Heading, Text, TextArea, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import type { SchemaGuide } from '../../../../src-preload/contract/partner-api';
import type { BuilderForm, BuilderQuestion, ShowIf } from './builder-model';
import { mergeFieldPhrase } from './merge-field-words';

type Answers = Record<string, unknown>;

/** Whether a condition holds for the answers given so far (an unanswered question meets only "isNotAnswered"). */
export function conditionHolds(showIf: ShowIf, answers: Answers): boolean {
  const answer = answers[showIf.question];
  const answered = answer !== undefined && answer !== '' && !(Array.isArray(answer) && answer.length === 0);
  const asNumber = (v: unknown) => (typeof v === 'number' ? v : Number(v));
  switch (showIf.operator) {
    case 'isAnswered':
      return answered;
    case 'isNotAnswered':
      return !answered;
    case 'equals':
      return answered && String(answer) === String(showIf.value);
    case 'notEquals':
      return answered && String(answer) !== String(showIf.value);
    case 'greaterThan':
      return answered && asNumber(answer) > asNumber(showIf.value);
    case 'lessThan':
      return answered && asNumber(answer) < asNumber(showIf.value);
    case 'before':
      return answered && String(answer) < String(showIf.value);
    case 'after':
      return answered && String(answer) > String(showIf.value);
    case 'contains':
      return answered && String(answer).includes(String(showIf.value));
    case 'notContains':
      return answered && !String(answer).includes(String(showIf.value));
    default:
      return true;
  }
}

/**
 * The form as the client will fill it in: questions bound to a merge field start with this client's value
 * (`mergeValues`; a field the practice fills itself, such as the staff member's name, says so), a conditional
 * question appears once the earlier answer meets its condition, a repeating group can be answered again.
 * Answers typed here stay here: the preview sends nothing.
 */
export function FormPreview(props: { guide: SchemaGuide; form: BuilderForm; mergeValues: Record<string, string> }) {
  const [answers, setAnswers] = useState<Answers>({});
  const [repeats, setRepeats] = useState<Record<string, number>>({});
  const title = typeof props.form.extra['title'] === 'string' ? props.form.extra['title'] : null;
  const question = (q: BuilderQuestion, copy = 0) => {
    if (q.showIf && !conditionHolds(q.showIf, answers)) return null;
    const key = copy === 0 ? q.id : `${q.id}#${copy}`;
    const merged = q.mergeField ? props.mergeValues[q.mergeField] : undefined;
    const value = answers[key] ?? merged ?? '';
    const set = (v: unknown) => setAnswers((a) => ({ ...a, [key]: v }));
    return (
      <PreviewQuestion
        key={key}
        question={q}
        kind={props.guide.questionTypes.find((t) => t.type === q.type)}
        value={value}
        onChange={set}
        practiceFills={q.mergeField !== undefined && merged === undefined ? q.mergeField : null}
      />
    );
  };
  return (
    <Flex direction="column" gap="2" role="region" aria-label="Preview of the form as the client sees it">
      {title ? <Heading size="3">{title}</Heading> : null}
      {props.form.sections.map((section, s) => (
        <Card key={s} size="1">
          <Flex direction="column" gap="2">
            <Heading size="2">{section.title || `Section ${s + 1}`}</Heading>
            {section.repeating ? (
              <Text size="1" color="gray">
                The client can answer this section once per item.
              </Text>
            ) : null}
            {section.items.map((item) =>
              item.kind === 'question' ? (
                question(item)
              ) : (
                <Box key={item.id} pl="3">
                  <Text size="2" weight="bold">
                    {item.label}
                  </Text>
                  {Array.from({ length: repeats[item.id] ?? 1 }, (_, copy) => (
                    <Flex key={copy} direction="column" gap="1">
                      {item.questions.map((q) => question(q, copy))}
                    </Flex>
                  ))}
                  <Button
                    type="button"
                    size="1"
                    variant="ghost"
                    onClick={() => setRepeats((r) => ({ ...r, [item.id]: (r[item.id] ?? 1) + 1 }))}
                  >
                    Add another
                  </Button>
                </Box>
              ),
            )}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}

function PreviewQuestion(props: {
  question: BuilderQuestion;
  kind: SchemaGuide['questionTypes'][number] | undefined;
  value: unknown;
  onChange(value: unknown): void;
  practiceFills: string | null;
}) {
  const { question: q, value } = props;
  const label = `${q.label}${q.required ? ' *' : ''}`;
  const control = () => {
    switch (q.type) {
      case 'info':
        return null;
      case 'yesno':
        return (
          <select
            className="native-select"
            aria-label={label}
            value={value === '' ? '' : String(value)}
            onChange={(e) => props.onChange(e.target.value === '' ? '' : e.target.value === 'true')}
          >
            <option value="">Choose…</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </select>
        );
      case 'textarea':
        return (
          <TextArea
            size="1"
            aria-label={label}
            rows={2}
            value={String(value)}
            onChange={(e) => props.onChange(e.target.value)}
          />
        );
      case 'signature':
      case 'file':
      case 'identity':
      case 'bankaccount':
        return (
          <Text size="1" color="gray">
            ({props.kind?.description ?? q.type} The client does this in the form.)
          </Text>
        );
      default:
        return (
          <TextField.Root
            size="1"
            aria-label={label}
            type={q.type === 'number' ? 'number' : q.type === 'date' ? 'date' : q.type === 'email' ? 'email' : 'text'}
            value={String(value)}
            onChange={(e) => props.onChange(e.target.value)}
          />
        );
    }
  };
  return (
    <Flex direction="column" gap="1">
      <Text size="2">{label}</Text>
      {control()}
      {q.sensitive ? (
        <Text size="1" color="gray">
          Kept encrypted by the practice.
        </Text>
      ) : null}
      {props.practiceFills ? (
        <Text size="1" color="gray">
          The practice fills this in from {mergeFieldPhrase(props.practiceFills)}.
        </Text>
      ) : null}
    </Flex>
  );
}
