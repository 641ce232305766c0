import { Box, Button, Card, Flex, Grid, Heading } from '@radix-ui/themes';
import { RemoveRowButton, withoutRow } from '../../ui/RemoveRowButton';
import { DateInput } from '../../ui/DateInput';
import { NumberInput, SelectInput, TextInput, withoutError, type FieldErrors } from '../../ui/form-kit';
import { formatMoney } from '../../ui/regional/regional-format';
import type { MoneyLocale } from '../billing/adhoc-bill-draft';
import {
  billingFrequencies,
  type DraftBillingRow,
  type DraftJobRow,
  type DraftRows,
  type JobTemplate,
} from './new-proposal-draft';

type Change = (rows: DraftRows) => DraftRows;
interface ExtrasProps {
  rows: DraftRows;
  onRows(change: Change): void;
  errors: FieldErrors;
  onErrors(change: (errors: FieldErrors) => FieldErrors): void;
}

/** Practice-manager or document-system jobs, each from its template, named (the template's name to start) and optionally due. */
export function JobsEditor(
  props: ExtrasProps & { list: 'pmJobs' | 'dmsJobs'; title: string; templates: readonly JobTemplate[] },
) {
  const { list } = props;
  const jobs = props.rows[list];
  const set = (index: number, change: Partial<DraftJobRow>, field: string) => {
    props.onRows((r) => ({ ...r, [list]: r[list].map((j, i) => (i === index ? { ...j, ...change } : j)) }));
    props.onErrors((e) => withoutError(e, `${list}.${index}.${field}`));
  };
  const err = (index: number, field: string) => props.errors[`${list}.${index}.${field}`];
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="2">
        {props.title}
      </Heading>
      {jobs.map((job, index) => (
        <Card key={index} data-testid={`new-proposal-${list}`}>
          <Grid columns={{ initial: '1', sm: '2fr 2fr 1fr auto' }} gap="2" align="end">
            <SelectInput
              label={`Template of job ${index + 1}`}
              required
              value={job.templateID}
              onChange={(templateID) => {
                const template = props.templates.find((t) => String(t.id) === templateID);
                set(index, { templateID, ...(job.name.trim() ? {} : { name: template?.name ?? '' }) }, 'templateID');
              }}
              error={err(index, 'templateID')}
            >
              <option value="">Choose…</option>
              {props.templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </SelectInput>
            <TextInput
              label={`Name of job ${index + 1}`}
              required
              value={job.name}
              onChange={(name) => set(index, { name }, 'name')}
              error={err(index, 'name')}
            />
            <DateInput
              label="Due on"
              value={job.dueOn}
              onChange={(dueOn) => set(index, { dueOn }, 'dueOn')}
              error={err(index, 'dueOn')}
            />
            <RemoveRowButton onRemove={() => props.onRows((r) => ({ ...r, [list]: withoutRow(index)(r[list]) }))}>
              Remove job {index + 1}
            </RemoveRowButton>
          </Grid>
        </Card>
      ))}
      <Box>
        <Button
          type="button"
          variant="soft"
          size="1"
          disabled={props.templates.length === 0}
          title={props.templates.length === 0 ? 'No job templates have been synced from the practice yet.' : undefined}
          onClick={() => props.onRows((r) => ({ ...r, [list]: [...r[list], { templateID: '', name: '', dueOn: '' }] }))}
        >
          Add a {props.title.toLowerCase().replace(/s$/, '')}
        </Button>
      </Box>
    </Flex>
  );
}

/** One-off invoices and recurring billings (with how often), raised when the client accepts. */
export function BillingsEditor(props: ExtrasProps & { money: MoneyLocale; region: string | undefined }) {
  const { money, region } = props;
  const set = (index: number, change: Partial<DraftBillingRow>, field: string) => {
    props.onRows((r) => ({ ...r, billings: r.billings.map((b, i) => (i === index ? { ...b, ...change } : b)) }));
    props.onErrors((e) => withoutError(e, `billings.${index}.${field}`));
  };
  const err = (index: number, field: string) => props.errors[`billings.${index}.${field}`];
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="2">
        Billings
      </Heading>
      {props.rows.billings.map((billing, index) => (
        <Card key={index} data-testid="new-proposal-billing">
          <Grid columns={{ initial: '1', sm: '2fr 1fr 1fr' }} gap="2" align="end">
            <TextInput
              label={`Billing ${index + 1}`}
              required
              value={billing.description}
              onChange={(description) => set(index, { description }, 'description')}
              error={err(index, 'description')}
            />
            <NumberInput
              label="Amount"
              required
              locale={money.locale}
              currency={money.currency}
              show={(amount) => formatMoney(amount, region)}
              value={billing.amount}
              onChange={(amount) => set(index, { amount }, 'amount')}
              error={err(index, 'amount')}
            />
            <DateInput
              label={billing.kind === 'recurring' ? 'First bill on' : 'Bill on'}
              required
              value={billing.billOn}
              onChange={(billOn) => set(index, { billOn }, 'billOn')}
              error={err(index, 'billOn')}
            />
            <SelectInput
              label="Kind"
              value={billing.kind}
              onChange={(kind) => set(index, { kind: kind as DraftBillingRow['kind'] }, 'kind')}
            >
              <option value="invoice">One-off invoice</option>
              <option value="recurring">Recurring</option>
            </SelectInput>
            {billing.kind === 'recurring' ? (
              <SelectInput
                label="How often"
                required
                value={billing.frequency}
                onChange={(frequency) => set(index, { frequency }, 'frequency')}
                error={err(index, 'frequency')}
              >
                <option value="">Choose…</option>
                {billingFrequencies.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </SelectInput>
            ) : (
              <span />
            )}
            <RemoveRowButton onRemove={() => props.onRows((r) => ({ ...r, billings: withoutRow(index)(r.billings) }))}>
              Remove billing {index + 1}
            </RemoveRowButton>
          </Grid>
        </Card>
      ))}
      <Box>
        <Button
          type="button"
          variant="soft"
          size="1"
          onClick={() =>
            props.onRows((r) => ({
              ...r,
              billings: [...r.billings, { description: '', amount: '', billOn: '', kind: 'invoice', frequency: '' }],
            }))
          }
        >
          Add a billing
        </Button>
      </Box>
    </Flex>
  );
}
