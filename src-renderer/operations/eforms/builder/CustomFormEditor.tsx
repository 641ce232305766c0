import { Button, Flex, Tabs, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { customEformSchemaIssues, type SchemaGuide } from '../../../../src-preload/contract/partner-api';
import { LongTextInput } from '../../../ui/form-kit';
import { LabelledSelect } from '../../../ui/LabelledSelect';
import { emptyBuilderForm, readBuilderForm, writeBuilderForm, type BuilderForm } from './builder-model';
import { EformBuilder } from './EformBuilder';
import { FormPreview } from './FormPreview';
import { useSavedCustomForms } from './saved-custom-forms';

type Read = { kind: 'empty' } | { kind: 'form'; form: BuilderForm } | { kind: 'unreadable'; why: string };

/** What the builder makes of the Advanced JSON: the one text both edit, so nothing typed in either is lost. */
function readText(text: string): Read {
  if (text.trim() === '') return { kind: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return { kind: 'unreadable', why: 'The JSON in Advanced is not valid JSON yet.' };
  }
  const form = readBuilderForm(value);
  return form
    ? { kind: 'form', form }
    : { kind: 'unreadable', why: 'The JSON in Advanced is not a form of sections and questions with ids and types.' };
}

/**
 * A custom eForm: built from the practice's schema guide, previewed as the client will see it, or typed as JSON
 * (Advanced). All three show one schema text: a builder edit rewrites it, a valid edit in Advanced shows in the
 * builder at once, and while Advanced holds something the builder cannot show the builder says so and changes
 * nothing. Forms can be kept on this laptop and opened again.
 */
export function CustomFormEditor(props: {
  guide: SchemaGuide | null;
  schemaText: string;
  onSchemaText(text: string): void;
  onName(name: string): void;
  name: string;
  error: string | undefined;
  mergeValues: Record<string, string>;
}) {
  const { guide, schemaText } = props;
  const [tab, setTab] = useState('builder');
  const read = readText(schemaText);
  const form = read.kind === 'form' ? read.form : read.kind === 'empty' ? emptyBuilderForm() : null;
  const write = (next: BuilderForm) => props.onSchemaText(JSON.stringify(writeBuilderForm(next), null, 2));
  // Said as it is typed, by the same rule that refuses it on submit.
  const liveIssues =
    read.kind === 'form' ? customEformSchemaIssues(JSON.parse(schemaText) as unknown, guide).map((i) => i.message) : [];
  // The submit's message first, then any other the same rule finds (the submit shows one per field).
  const problems = [...(props.error ? [props.error] : []), ...liveIssues.filter((m) => m !== props.error)];
  return (
    <Flex direction="column" gap="2">
      <SavedForms {...props} />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label="Custom form views" size="1">
          <Tabs.Trigger value="builder">Builder</Tabs.Trigger>
          <Tabs.Trigger value="preview">Preview</Tabs.Trigger>
          <Tabs.Trigger value="advanced">Advanced</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="builder">
          <Flex direction="column" gap="2" pt="2">
            {!guide ? (
              <Text size="2" color="amber">
                The practice’s schema guide is not on this laptop yet: it is read the next time you are online. Until
                then, type the form in Advanced.
              </Text>
            ) : !form ? (
              <Text size="2" color="amber" role="status">
                {read.kind === 'unreadable' ? read.why : ''} Fix it in Advanced: the builder changes nothing until then,
                so nothing typed there is lost.
              </Text>
            ) : (
              <>
                {read.kind === 'empty' ? (
                  <Button
                    type="button"
                    size="1"
                    variant="soft"
                    onClick={() => write(readBuilderForm(guide.exampleSchema) ?? emptyBuilderForm())}
                  >
                    Start from the schema guide’s example
                  </Button>
                ) : null}
                <EformBuilder guide={guide} form={form} onChange={write} />
              </>
            )}
            <Problems messages={problems} />
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="preview">
          <Flex direction="column" gap="2" pt="2">
            {guide && form ? (
              <FormPreview guide={guide} form={form} mergeValues={props.mergeValues} />
            ) : (
              <Text size="2" color="gray">
                The preview shows a form the builder can read, once the schema guide is on this laptop.
              </Text>
            )}
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="advanced">
          <Flex direction="column" gap="2" pt="2">
            <LongTextInput
              label="Form schema (JSON)"
              rows={10}
              value={schemaText}
              onChange={props.onSchemaText}
              error={props.error}
              hint="Questions, their types and merge fields as described by the practice's schema guide. A valid form shows in the builder as you type."
            />
            <Problems
              messages={[...(read.kind === 'unreadable' && !props.error ? [read.why] : []), ...problems].filter(
                (m) => m !== props.error,
              )}
            />
          </Flex>
        </Tabs.Content>
      </Tabs.Root>
    </Flex>
  );
}

function Problems({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Flex direction="column" gap="1" data-testid="custom-form-problems">
      {messages.map((m, i) => (
        <Text key={i} size="1" color="red">
          {m}
        </Text>
      ))}
    </Flex>
  );
}

/** Open a form kept on this laptop, or keep this one (under its name; the same name replaces it). */
function SavedForms(props: {
  name: string;
  schemaText: string;
  onSchemaText(text: string): void;
  onName(name: string): void;
}) {
  const { forms, store } = useSavedCustomForms();
  const [chosen, setChosen] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const parsed = readText(props.schemaText);
  const canSave = store !== null && props.name.trim() !== '' && parsed.kind === 'form';
  const open = forms.find((f) => f.name === chosen);
  return (
    <Flex gap="2" align="center" wrap="wrap">
      {forms.length > 0 ? (
        <>
          <LabelledSelect label="Saved forms" value={chosen} onChange={setChosen}>
            <option value="">Choose…</option>
            {forms.map((f) => (
              <option key={f.name} value={f.name}>
                {f.name}
              </option>
            ))}
          </LabelledSelect>
          <Button
            type="button"
            size="1"
            variant="soft"
            disabled={!open}
            onClick={() => {
              if (!open) return;
              props.onName(open.name);
              props.onSchemaText(JSON.stringify(open.schema, null, 2));
              setSaid(`Opened “${open.name}”.`);
            }}
          >
            Open
          </Button>
        </>
      ) : null}
      <Button
        type="button"
        size="1"
        variant="soft"
        disabled={!canSave}
        onClick={() => {
          if (!store || parsed.kind !== 'form') return;
          const name = props.name.trim();
          void store
            .save(name, JSON.parse(props.schemaText) as unknown)
            .then(() => setSaid(`Saved “${name}” on this laptop.`));
        }}
      >
        Save on this laptop
      </Button>
      {said ? (
        <Text size="1" color="gray" role="status">
          {said}
        </Text>
      ) : null}
    </Flex>
  );
}
