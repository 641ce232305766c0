import { Button, Flex, SegmentedControl, Text } from '@radix-ui/themes';
import { useState } from 'react';
import {
  customEformSchemaIssues,
  eformCreateSchema,
  type EformCreate,
  type EformTemplate,
  type RuleIssue,
  type SchemaGuide,
} from '../../../src-preload/contract/partner-api';
import { LabelledSelect } from '../../ui/LabelledSelect';
import { defaultTemplateId } from './eform-template-default';
import { useCatalogsRound } from '../../sync/use-catalogs-round';
import { useSchemaGuide } from './use-schema-guide';
import { CheckInput, LongTextInput, optional, SchemaForm, TextInput, type FieldErrors } from '../../ui/form-kit';
import { CustomFormEditor } from './builder/CustomFormEditor';
import { useClientMergeValues, useSavedCustomForms } from './builder/saved-custom-forms';
import { stackBody, stackProblems, stackValueOf, SAVED } from './builder/stack-items';
import { useShownToClient } from '../../client-facing/client-view';

type Mode = 'template' | 'custom' | 'stack';
export interface EformDefaults {
  entityKey: string | null;
  recipientName: string;
  recipientEmail: string;
  recipientMobile: string;
}

const readOr = (text: string): unknown => {
  const read = readSchema(text);
  return read.ok ? read.value : text.trim() === '' ? undefined : text;
};

const DEFAULT_CONTENT = 'Hello,\n\nPlease complete this form for us: [Link]\n\nThank you.';

type SchemaRead = { ok: true; value: unknown } | { ok: false; message: string };

/** The typed schema as JSON, or why it is not: never a stand-in the practice would receive as a form. */
function readSchema(text: string): SchemaRead {
  if (text.trim() === '')
    return { ok: false, message: "Enter the form's schema (JSON), as the practice's schema guide describes it." };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return {
      ok: false,
      message:
        'This is not valid JSON, so the practice could not read it as a form. A schema starts with { and lists its sections and their questions, as in the schema guide.',
    };
  }
}

/** Why the custom schema cannot be queued (nothing: it can), checked before anything is queued. */
function customSchemaProblems(text: string, guide: SchemaGuide | null): RuleIssue[] {
  const read = readSchema(text);
  if (!read.ok) return [{ path: ['schema'], message: read.message }];
  return customEformSchemaIssues(read.value, guide).map((issue) => ({ path: ['schema'], message: issue.message }));
}

/**
 * Send an eForm: from a template, a custom schema, or a stack of 2–10 forms in order. Validated with the
 * contract's own eForm schema (exactly one mode, [Link] in the email, stack size) before it is queued.
 */
export function EformForm(props: {
  templates: EformTemplate[];
  defaults: EformDefaults;
  initial?: EformCreate;
  disabledReason?: string | null;
  onSubmit(body: EformCreate): Promise<void>;
  onCancel?: () => void;
}) {
  const i = props.initial;
  useCatalogsRound();
  const [mode, setMode] = useState<Mode>(
    i?.forms ? 'stack' : i?.schema !== undefined && i?.schema !== null ? 'custom' : 'template',
  );
  // An eForm for an existing client starts on a template suited to one, not on a new-client onboarding form.
  const first = defaultTemplateId(props.templates, props.defaults.entityKey !== null) ?? undefined;
  const [templateId, setTemplateId] = useState(String(i?.templateId ?? first ?? ''));
  const [name, setName] = useState(i?.name ?? '');
  const [schemaText, setSchemaText] = useState(
    i?.schema !== undefined && i?.schema !== null ? JSON.stringify(i.schema, null, 2) : '',
  );
  // A stack item is a template's id, or a custom form by name (SAVED + name): one saved on this laptop, or one
  // of the stack being resubmitted (kept below with its schema as it was queued).
  const [stack, setStack] = useState<string[]>(
    i?.forms?.map(stackValueOf) ?? [
      String(first ?? ''),
      String(props.templates.find((t) => t.templateId !== first)?.templateId ?? first ?? ''),
    ],
  );
  const [recipientName, setRecipientName] = useState(i?.recipientName ?? props.defaults.recipientName);
  const [recipientEmail, setRecipientEmail] = useState(i?.recipientEmail ?? props.defaults.recipientEmail);
  const [recipientMobile, setRecipientMobile] = useState(i?.recipientMobile ?? props.defaults.recipientMobile);
  const [subject, setSubject] = useState(i?.emailSubject ?? 'A form to complete');
  const [content, setContent] = useState(i?.emailContent ?? DEFAULT_CONTENT);
  const [sms, setSms] = useState(i?.sendSms ?? false);
  const [mute, setMute] = useState(i?.mute ?? false);
  const [draft, setDraft] = useState(i ? i.sendNow === false : false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const guide = useSchemaGuide(mode === 'custom' || mode === 'stack');
  const saved = useSavedCustomForms().forms;
  const [resubmitted] = useState(() =>
    (i?.forms ?? []).flatMap((f) => (f.name != null && f.schema != null ? [{ name: f.name, schema: f.schema }] : [])),
  );
  const customForms = [...resubmitted.filter((r) => !saved.some((f) => f.name === r.name)), ...saved];
  const mergeValues = useClientMergeValues(props.defaults);
  // What an eForm or an SMS costs the practice is not said with the screen turned to the client.
  const shownToClient = useShownToClient();

  const build = () => ({
    ...(mode === 'template' ? { templateId: templateId ? Number(templateId) : null } : {}),
    // Text that is not JSON is kept as text here, so the one message about it is the schema field's own
    // (rules below); it is never queued: the rules refuse it, and so does the outbox's own check.
    ...(mode === 'custom' ? { name: optional(name), schema: readOr(schemaText) } : {}),
    ...(mode === 'stack' ? { forms: stackBody(stack, customForms) } : {}),
    entityKey: props.defaults.entityKey,
    recipientName: optional(recipientName),
    recipientEmail: optional(recipientEmail),
    recipientMobile: optional(recipientMobile),
    sendSms: sms,
    emailSubject: optional(subject),
    emailContent: optional(content),
    mute,
    sendNow: !draft,
  });
  const templateOptions = props.templates.map((t) => (
    <option key={t.templateId} value={t.templateId}>
      {t.name}
    </option>
  ));
  const move = (index: number, by: number) =>
    setStack((s) => {
      const next = [...s];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item as string);
      return next;
    });

  return (
    <SchemaForm
      schema={eformCreateSchema}
      build={build}
      onValid={props.onSubmit}
      onErrors={setErrors}
      labels={{ name: 'form name', schema: 'form schema' }}
      rules={() =>
        mode === 'custom'
          ? customSchemaProblems(schemaText, guide)
          : mode === 'stack'
            ? stackProblems(stack, customForms, guide)
            : []
      }
      submitLabel={draft ? 'Queue as draft' : 'Queue to send'}
      disabledReason={props.disabledReason}
      {...(props.onCancel ? { onCancel: props.onCancel } : {})}
    >
      <SegmentedControl.Root aria-label="Kind of eForm" value={mode} onValueChange={(v) => setMode(v as Mode)}>
        <SegmentedControl.Item value="template">Template</SegmentedControl.Item>
        <SegmentedControl.Item value="custom">Custom form</SegmentedControl.Item>
        <SegmentedControl.Item value="stack">Stack</SegmentedControl.Item>
      </SegmentedControl.Root>
      {props.templates.length === 0 && mode !== 'custom' ? (
        <Text size="2" color="amber">
          No eForm templates on this laptop yet: they arrive with the next sync.
        </Text>
      ) : null}
      {mode === 'template' ? (
        <LabelledSelect label="Template" value={templateId} onChange={setTemplateId}>
          {templateOptions}
        </LabelledSelect>
      ) : null}
      {mode === 'custom' ? (
        <>
          <TextInput label="Form name" required value={name} onChange={setName} error={errors['name']} />
          <CustomFormEditor
            guide={guide}
            name={name}
            onName={setName}
            schemaText={schemaText}
            onSchemaText={setSchemaText}
            error={errors['schema']}
            mergeValues={mergeValues}
          />
        </>
      ) : null}
      {mode === 'stack' ? (
        <Flex direction="column" gap="2" role="group" aria-label="Forms in the stack, in order">
          {stack.map((id, index) => (
            <Flex key={index} gap="2" align="center">
              <LabelledSelect
                label={`Form ${index + 1}`}
                value={id}
                onChange={(value) => setStack((s) => s.map((x, j) => (j === index ? value : x)))}
              >
                {templateOptions}
                {customForms.map((f) => (
                  <option key={f.name} value={`${SAVED}${f.name}`}>
                    {f.name} (custom)
                  </option>
                ))}
              </LabelledSelect>
              <Button
                type="button"
                size="1"
                variant="soft"
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={`Move form ${index + 1} up`}
              >
                ↑
              </Button>
              <Button
                type="button"
                size="1"
                variant="soft"
                disabled={index === stack.length - 1}
                onClick={() => move(index, 1)}
                aria-label={`Move form ${index + 1} down`}
              >
                ↓
              </Button>
              <Button
                type="button"
                size="1"
                variant="soft"
                color="gray"
                disabled={stack.length <= 2}
                onClick={() => setStack((s) => s.filter((_, j) => j !== index))}
              >
                Remove
              </Button>
            </Flex>
          ))}
          <Button
            type="button"
            size="1"
            variant="soft"
            disabled={stack.length >= 10}
            onClick={() => setStack((s) => [...s, String(first ?? '')])}
          >
            Add a form
          </Button>
          {errors['forms'] ? (
            <Text size="1" color="red" role="alert">
              {errors['forms']}
            </Text>
          ) : null}
        </Flex>
      ) : null}
      <TextInput
        label="Recipient name"
        value={recipientName}
        onChange={setRecipientName}
        error={errors['recipientName']}
      />
      <TextInput
        label="Recipient email"
        type="email"
        value={recipientEmail}
        onChange={setRecipientEmail}
        error={errors['recipientEmail']}
      />
      <TextInput
        label="Recipient mobile"
        type="tel"
        value={recipientMobile}
        onChange={setRecipientMobile}
        error={errors['recipientMobile']}
      />
      <TextInput label="Email subject" value={subject} onChange={setSubject} error={errors['emailSubject']} />
      <LongTextInput
        label="Email content"
        value={content}
        onChange={setContent}
        error={errors['emailContent']}
        hint="Must contain [Link], where the client's link to the form goes."
      />
      <CheckInput
        label="Also send by SMS"
        hint={shownToClient ? 'needs a mobile' : 'billed per SMS; needs a mobile'}
        checked={sms}
        onChange={setSms}
      />
      <CheckInput label="Mute (no email or SMS; share the link yourself)" checked={mute} onChange={setMute} />
      <CheckInput label="Save as a draft (send it later)" checked={draft} onChange={setDraft} />
      {shownToClient ? null : (
        <Text size="1" color="gray">
          Each eForm is billed to the practice when it is sent.
        </Text>
      )}
    </SchemaForm>
  );
}
