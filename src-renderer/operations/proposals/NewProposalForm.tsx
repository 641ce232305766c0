import { Callout, Flex, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { adhocProposalSchema, fromTemplateSchema, type AdhocProposal } from '../../../src-preload/contract/partner-api';
import { SchemaForm, SelectInput, TextInput, withoutError, type FieldErrors } from '../../ui/form-kit';
import { useRegion } from '../../ui/regional/use-region';
import { numberInputText } from '../../ui/regional/money-input';
import { formatMoney, moneyLocale } from '../../ui/regional/regional-format';
import { UserSelect, useActingUserChoice } from '../shared/UserSelect';
import {
  adhocBody,
  draftErrors,
  draftInputIssues,
  draftRowsOf,
  draftRules,
  draftTotals,
  templateLines,
  type DraftRows,
  type DraftTotals,
} from './new-proposal-draft';
import { BillingsEditor, JobsEditor } from './ProposalExtrasEditor';
import { DraftTotalsView, ProposalLinesEditor } from './ProposalLinesEditor';
import { useProposalCatalogs } from './use-proposal-catalogs';

interface NewProposalProps<B> {
  entityKey: string;
  clientName: string;
  submitLabel?: string;
  disabledReason?: string | null | undefined;
  /** `formSays`: the totals as shown, for the entry's line. */
  onSubmit(body: B, formSays: DraftTotals): Promise<void>;
  onCancel(): void;
}

const NO_CATALOG =
  'The practice’s services have not been synced to this laptop yet: connect once so the catalogue is kept for offline use.';

/**
 * A proposal built here (`POST /proposals`): services from the synced catalogue with quantities and
 * prices, optional practice-manager and document-system jobs, billings; totals as the practice computes
 * them. Checked against the contract's schema and the catalogs before anything is queued.
 */
export function AdhocProposalForm(
  props: NewProposalProps<AdhocProposal> & {
    initial?: AdhocProposal;
    /** What was typed before the dialog was closed, kept by the screen so nothing typed is lost. */
    draft?: DraftRows | undefined;
    onDraft?(rows: DraftRows): void;
  },
) {
  const region = useRegion();
  const money = moneyLocale(region);
  const catalogs = useProposalCatalogs();
  const { users, user, setUser, rememberThen } = useActingUserChoice(props.initial?.userKey);
  const [rows, setRows] = useState<DraftRows>(() =>
    props.initial
      ? draftRowsOf(props.initial, money)
      : (props.draft ?? {
          name: '',
          lines: [{ serviceID: '', quantity: numberInputText(1, money.locale), price: '' }],
          pmJobs: [],
          dmsJobs: [],
          billings: [],
        }),
  );
  const onDraft = props.onDraft;
  useEffect(() => onDraft?.(rows), [rows, onDraft]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const body = () => adhocBody(user, props.entityKey, rows, money);
  const totals = draftTotals(
    body().services.filter((l) => Number.isFinite(l.serviceID)),
    catalogs?.services ?? [],
  );
  const show = (n: number) => formatMoney(n, region);
  const editorProps = { rows, onRows: setRows, errors, onErrors: setErrors };
  return (
    <SchemaForm
      schema={adhocProposalSchema}
      build={body}
      rules={() => (catalogs ? draftRules(body(), catalogs, show) : [])}
      inputIssues={() => draftInputIssues(rows, money)}
      errorsOf={(error) => draftErrors(error.issues)}
      labels={{ name: 'Proposal name', userKey: 'Prepared by' }}
      onValid={rememberThen(async (valid) => {
        await props.onSubmit(valid, draftTotals(valid.services, catalogs?.services ?? []));
      })}
      onErrors={setErrors}
      submitLabel={props.submitLabel ?? 'Queue proposal'}
      disabledReason={props.disabledReason ?? (catalogs && catalogs.services.length === 0 ? NO_CATALOG : null)}
      onCancel={props.onCancel}
    >
      <Flex gap="3" wrap="wrap">
        <TextInput
          label="Proposal name"
          required
          value={rows.name}
          onChange={(name) => {
            setRows((r) => ({ ...r, name }));
            setErrors((e) => withoutError(e, 'name'));
          }}
          error={errors['name']}
        />
        <UserSelect
          label="Prepared by"
          required
          users={users}
          value={user}
          onChange={setUser}
          error={errors['userKey'] && 'Choose which staff member is preparing the proposal.'}
        />
      </Flex>
      <ProposalLinesEditor
        rows={rows.lines}
        onRows={(change) => setRows((r) => ({ ...r, lines: change(r.lines) }))}
        services={catalogs?.services ?? []}
        errors={errors}
        onErrors={setErrors}
        money={money}
        region={region}
      />
      {errors['services'] ? (
        <Text size="1" color="red" role="alert">
          {errors['services']}
        </Text>
      ) : null}
      <DraftTotalsView totals={totals} region={region} />
      <JobsEditor
        {...editorProps}
        list="pmJobs"
        title="Practice-manager jobs"
        templates={catalogs?.pmJobTemplates ?? []}
      />
      <JobsEditor
        {...editorProps}
        list="dmsJobs"
        title="Document-system jobs"
        templates={catalogs?.dmsJobTemplates ?? []}
      />
      <BillingsEditor {...editorProps} money={money} region={region} />
    </SchemaForm>
  );
}

/** What was typed in the template form before the dialog was closed (the template as chosen, the name). */
export interface TemplateDraft {
  templateID: string;
  name: string;
}

/** From one of the practice's saved templates (`POST /proposals/from-template`): its services at catalogue prices. */
export function FromTemplateForm(
  props: NewProposalProps<{ userKey: string; templateID: number; entityKey: string; name?: string | undefined }> & {
    initial?: { userKey: string; templateID: number; name?: string | undefined };
    /** Kept by the screen so nothing typed is lost when the dialog closes or the form switches to "From scratch". */
    draft?: TemplateDraft | undefined;
    onDraft?(draft: TemplateDraft): void;
  },
) {
  const region = useRegion();
  const catalogs = useProposalCatalogs();
  const { users, user, setUser, rememberThen } = useActingUserChoice(props.initial?.userKey);
  const [templateID, setTemplateID] = useState(
    props.initial ? String(props.initial.templateID) : (props.draft?.templateID ?? ''),
  );
  const [name, setName] = useState(props.initial ? (props.initial.name ?? '') : (props.draft?.name ?? ''));
  const onDraft = props.onDraft;
  useEffect(() => onDraft?.({ templateID, name }), [templateID, name, onDraft]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const template = catalogs?.templates.find((t) => String(t.templateID) === templateID);
  const totals = draftTotals(templateLines(template), catalogs?.services ?? []);
  const noTemplates = catalogs && catalogs.templates.length === 0;
  return (
    <SchemaForm
      schema={fromTemplateSchema}
      build={() => ({
        userKey: user,
        templateID: templateID === '' ? Number.NaN : Number(templateID),
        entityKey: props.entityKey,
        // Always named, so an interrupted send can be looked for among the client's proposals by its name.
        name: name.trim(),
      })}
      rules={() => [
        ...(name.trim() ? [] : [{ path: ['name'], message: 'Name the proposal.' }]),
        ...(templateID !== '' && !template
          ? [{ path: ['templateID'], message: 'This template is no longer among the practice’s templates.' }]
          : []),
      ]}
      labels={{ templateID: 'Template', name: 'Proposal name', userKey: 'Prepared by' }}
      onValid={rememberThen(async (valid) => {
        await props.onSubmit(valid, totals);
      })}
      onErrors={setErrors}
      submitLabel={props.submitLabel ?? 'Queue proposal'}
      disabledReason={
        props.disabledReason ??
        (noTemplates
          ? 'The practice’s proposal templates have not been synced to this laptop yet: connect once so they are kept for offline use.'
          : null)
      }
      onCancel={props.onCancel}
    >
      <SelectInput
        label="Template"
        required
        value={templateID}
        onChange={(id) => {
          setTemplateID(id);
          setErrors((e) => withoutError(e, 'templateID'));
          const chosen = catalogs?.templates.find((t) => String(t.templateID) === id);
          if (chosen && !name.trim()) setName(`${chosen.name} — ${props.clientName}`);
        }}
        error={errors['templateID'] && 'Choose a template.'}
      >
        <option value="">Choose…</option>
        {catalogs?.templates.map((t) => (
          <option key={t.templateID} value={t.templateID}>
            {t.name}
          </option>
        ))}
      </SelectInput>
      <TextInput
        label="Proposal name"
        required
        value={name}
        onChange={(text) => {
          setName(text);
          setErrors((e) => withoutError(e, 'name'));
        }}
        error={errors['name']}
      />
      <UserSelect
        label="Prepared by"
        required
        users={users}
        value={user}
        onChange={setUser}
        error={errors['userKey'] && 'Choose which staff member is preparing the proposal.'}
      />
      {template ? (
        <Flex direction="column" gap="1" data-testid="template-services">
          {totals.lines.map((l) => (
            <Text key={l.serviceID} size="2">
              {l.name}: {formatMoney(l.price, region)} ({l.frequency})
            </Text>
          ))}
          {totals.lines.length < template.serviceIDs.length ? (
            <Callout.Root color="amber" size="1">
              <Callout.Text>
                Some of this template’s services are not in the synced catalogue; the practice prices them.
              </Callout.Text>
            </Callout.Root>
          ) : null}
          <DraftTotalsView totals={totals} region={region} />
        </Flex>
      ) : null}
    </SchemaForm>
  );
}
