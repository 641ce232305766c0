import { Box, Button, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { RemoveRowButton, withoutRow } from '../../ui/RemoveRowButton';
import { useState } from 'react';
import {
  externalProjectsPutSchema,
  type ExternalProjectsPut,
  type ProposalDetail,
} from '../../../src-preload/contract/partner-api';
import { localToday } from '../../../src-preload/contract/iso-day';
import {
  CheckInput,
  NumberInput,
  SchemaForm,
  SelectInput,
  TextInput,
  withoutError,
  type FieldErrors,
} from '../../ui/form-kit';
import { useRegion } from '../../ui/regional/use-region';
import { formatMoney, moneyLocale } from '../../ui/regional/regional-format';
import { UserSelect, useActingUserChoice } from '../shared/UserSelect';
import { DateInput } from '../../ui/DateInput';
import {
  billingPeriods,
  newProjectRow,
  projectMoney,
  projectRowsOf,
  projectRules,
  projectsBody,
  projectsErrors,
  projectsInputIssues,
  type ProjectRow,
} from './proposal-edits';

/**
 * The projects the practice's accounting package creates when the proposal is accepted: change, add
 * or remove them. New projects default to the proposal's period and currency.
 */
export function ExternalProjectsForm(props: {
  detail: ProposalDetail;
  currency: string;
  disabledReason?: string | null;
  onSubmit(body: ExternalProjectsPut): Promise<void>;
  onCancel(): void;
}) {
  const region = useRegion();
  const { users, user, setUser, rememberThen } = useActingUserChoice();
  const [rows, setRows] = useState<ProjectRow[]>(() => projectRowsOf(props.detail.externalProjects, region));
  const [errors, setErrors] = useState<FieldErrors>({});
  const body = projectsBody(user, rows, region);
  const update = (index: number, change: Partial<ProjectRow>) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const err = (index: number, field: string) => errors[`project.${index}.${field}`];
  const typeNumber = (index: number, field: 'budget' | 'normalBillingRate' | 'hoursPerDay', text: string) => {
    update(index, { [field]: text });
    setErrors((all) => withoutError(all, `project.${index}.${field}`));
  };
  const today = localToday(new Date());
  const defaults = {
    currency: props.currency,
    startsOn: props.detail.startsOn ?? today,
    endsOn: props.detail.endsOn ?? props.detail.startsOn ?? today,
  };

  return (
    <SchemaForm
      schema={externalProjectsPutSchema}
      build={() => body}
      rules={() => projectRules(body.externalProjects)}
      inputIssues={() => projectsInputIssues(rows, region)}
      errorsOf={(error) => projectsErrors(error, body, rows)}
      onValid={rememberThen((valid) => props.onSubmit(valid))}
      onErrors={setErrors}
      submitLabel="Queue project changes"
      disabledReason={props.disabledReason}
      onCancel={props.onCancel}
    >
      <UserSelect
        label="Changed by"
        required
        users={users}
        value={user}
        onChange={setUser}
        error={errors['userKey'] && 'Choose which staff member is making the change.'}
      />
      {rows.length === 0 ? (
        <Text size="2" color="gray">
          This proposal has no external projects yet.
        </Text>
      ) : null}
      {rows.map((row, index) => (
        <Card key={row.id} data-testid="project-edit-row">
          <Flex justify="between" align="center" mb="2">
            <Text size="2" weight="medium">
              {row.isNew ? 'New project' : row.name || `Project ${row.id}`}
            </Text>
            {row.isNew ? (
              <RemoveRowButton onRemove={() => setRows(withoutRow(index))}>Drop this project</RemoveRowButton>
            ) : (
              <CheckInput label="Remove" checked={row.remove} onChange={(remove) => update(index, { remove })} />
            )}
          </Flex>
          {row.remove ? (
            <Text size="2" color="gray">
              {row.name} will be removed from the proposal.
            </Text>
          ) : (
            <Grid columns={{ initial: '1', sm: '3' }} gap="2">
              <TextInput
                label="Name"
                required
                value={row.name}
                onChange={(name) => update(index, { name })}
                error={err(index, 'name')}
              />
              <NumberInput
                label="Budget"
                required
                {...projectMoney(row, region)}
                show={(amount) =>
                  row.budgetUnits.trim().toUpperCase() === row.currency.trim().toUpperCase()
                    ? formatMoney(amount, region, row.currency)
                    : `${new Intl.NumberFormat(projectMoney(row, region).locale).format(amount)} ${row.budgetUnits}`
                }
                value={row.budget}
                onChange={(text) => typeNumber(index, 'budget', text)}
                error={err(index, 'budget')}
              />
              <TextInput
                label="Budget units"
                value={row.budgetUnits}
                onChange={(budgetUnits) => update(index, { budgetUnits })}
                error={err(index, 'budgetUnits')}
                hint="A currency code, or hours."
              />
              <NumberInput
                label="Normal billing rate"
                required
                {...projectMoney(row, region)}
                show={(amount) => formatMoney(amount, region, row.currency)}
                value={row.normalBillingRate}
                onChange={(text) => typeNumber(index, 'normalBillingRate', text)}
                error={err(index, 'normalBillingRate')}
              />
              <NumberInput
                label="Hours per day"
                required
                locale={moneyLocale(region).locale}
                value={row.hoursPerDay}
                onChange={(text) => typeNumber(index, 'hoursPerDay', text)}
                error={err(index, 'hoursPerDay')}
              />
              <SelectInput
                label="Billing period"
                value={row.billingPeriod}
                onChange={(billingPeriod) => update(index, { billingPeriod })}
                error={err(index, 'billingPeriod')}
              >
                {[...new Set([...billingPeriods, row.billingPeriod])].map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </SelectInput>
              <TextInput
                label="Currency"
                value={row.currency}
                onChange={(currency) => update(index, { currency })}
                error={err(index, 'currency')}
              />
              <DateInput
                label="Starts"
                required
                value={row.startsOn}
                onChange={(startsOn) => update(index, { startsOn })}
                error={err(index, 'startsOn')}
              />
              <DateInput
                label="Ends"
                required
                value={row.endsOn}
                onChange={(endsOn) => update(index, { endsOn })}
                error={err(index, 'endsOn')}
              />
              <Box>
                <CheckInput label="Inside IR35" checked={row.isIr35} onChange={(isIr35) => update(index, { isIr35 })} />
              </Box>
              <Box>
                <CheckInput
                  label="Count unbilled time in profitability"
                  checked={row.includeUnbilledTimeInProfitability}
                  onChange={(v) => update(index, { includeUnbilledTimeInProfitability: v })}
                />
              </Box>
            </Grid>
          )}
        </Card>
      ))}
      <Flex>
        <Button type="button" variant="soft" onClick={() => setRows((all) => [...all, newProjectRow(all, defaults)])}>
          Add a project
        </Button>
      </Flex>
    </SchemaForm>
  );
}
