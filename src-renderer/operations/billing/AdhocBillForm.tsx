import { Button, Callout, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { RemoveRowButton, withoutRow } from '../../ui/RemoveRowButton';
import { useState } from 'react';
import {
  adhocBillIssues,
  billCreateSchema,
  type BillCreate,
  type LedgerLookups,
} from '../../../src-preload/contract/partner-api';
import { localToday, shiftDay } from '../../../src-preload/contract/iso-day';
import { formatMoney, moneyLocale } from '../../ui/regional/regional-format';
import { useRegion } from '../../ui/regional/use-region';
import {
  adhocBillErrors,
  billInputIssues,
  billLines,
  draftBillTotals,
  lineRowsOf,
  newLineRow,
  withRevenue,
  type BillLineRow,
  type MoneyLocale,
} from './adhoc-bill-draft';
import {
  BilledNotice,
  CheckInput,
  NumberInput,
  optional,
  SchemaForm,
  SelectInput,
  TextInput,
  withoutError,
  type FieldErrors,
} from '../../ui/form-kit';
import { UserSelect, useActingUserChoice } from '../shared/UserSelect';
import { DateInput } from '../../ui/DateInput';
import { useLedgerLookups } from './use-ledger-lookups';
import { useCatalogsRound } from '../../sync/use-catalogs-round';

/**
 * An adhoc bill for one (Active) client. With a connected ledger each line is booked to a revenue account
 * or a sale item and carries a tax rate, chosen from the ledger lookups synced to this laptop; the same
 * rules the practice applies are checked before the bill is queued.
 */
export function AdhocBillForm(props: {
  entityKey: string;
  /** What was typed before (edit and resubmit from the Outbox). */
  initial?: BillCreate;
  submitLabel?: string;
  disabledReason?: string | null;
  onSubmit(body: BillCreate, total: { net: number; total: number | null }): Promise<void>;
  onCancel(): void;
  now?: () => Date;
}) {
  const { initial } = props;
  const now = props.now ?? (() => new Date());
  const region = useRegion();
  // Prices and quantities are typed as the practice's amounts are shown: "1 234,50" in South Africa.
  const money = moneyLocale(region);
  const ledger = useLedgerLookups();
  useCatalogsRound();
  const { users, user, setUser, rememberThen } = useActingUserChoice(initial?.userKey);
  const [billDate, setBillDate] = useState(() => initial?.billDate ?? localToday(now()));
  const [dueDate, setDueDate] = useState(() => initial?.dueDate ?? shiftDay(localToday(now()), 14));
  const [reference, setReference] = useState(initial?.reference ?? '');
  const [sendBill, setSendBill] = useState(initial?.sendBill ?? true);
  const [syncNow, setSyncNow] = useState(initial?.syncNow ?? false);
  const [rows, setRows] = useState<BillLineRow[]>(() => (initial ? lineRowsOf(initial.lines, money) : [newLineRow()]));
  const [errors, setErrors] = useState<FieldErrors>({});
  const connected = ledger?.status.connected ?? false;
  const totals = draftBillTotals(rows, ledger ?? null, money);
  const body = () => ({
    entityKey: props.entityKey,
    userKey: user || null,
    billDate: billDate || undefined,
    dueDate,
    reference: optional(reference),
    sendBill,
    syncNow,
    lines: billLines(rows, connected, money),
  });
  const update = (index: number, change: (row: BillLineRow) => BillLineRow) =>
    setRows((all) => all.map((row, i) => (i === index ? change(row) : row)));
  const err = (index: number, field: string) => errors[`line.${index}.${field}`];
  const typeNumber = (index: number, field: 'quantity' | 'unitPrice', text: string) => {
    update(index, (r) => ({ ...r, [field]: text }));
    setErrors((all) => withoutError(all, `line.${index}.${field}`));
  };

  return (
    <SchemaForm
      schema={billCreateSchema}
      build={body}
      // Without synced ledger settings the practice checks the ledger rules when the bill is sent.
      rules={() => (ledger ? adhocBillIssues(body() as BillCreate, ledger, localToday(now())) : [])}
      inputIssues={() => billInputIssues(rows, money)}
      errorsOf={adhocBillErrors}
      onValid={rememberThen(async (body) => {
        await props.onSubmit(body, { net: totals.net, total: totals.total });
      })}
      onErrors={setErrors}
      submitLabel={props.submitLabel ?? 'Queue bill'}
      disabledReason={props.disabledReason}
      onCancel={props.onCancel}
    >
      <BilledNotice>A bill created twice reaches the client twice.</BilledNotice>
      {ledger === null ? (
        <Callout.Root color="gray" role="status">
          <Callout.Text>
            The practice&apos;s ledger settings have not been synced to this laptop yet, so accounts and tax rates
            cannot be chosen here. The practice checks the lines when the bill is sent.
          </Callout.Text>
        </Callout.Root>
      ) : connected ? (
        <Text size="1" color="gray">
          The practice&apos;s ledger is connected
          {ledger?.status.organisationName ? ` (${ledger.status.organisationName})` : ''}: book each line to a revenue
          account or a sale item, with a tax rate.
        </Text>
      ) : null}
      <Grid columns="2" gap="3">
        <DateInput label="Bill date" value={billDate} onChange={setBillDate} error={errors['billDate']} />
        <DateInput label="Due date" required value={dueDate} onChange={setDueDate} error={errors['dueDate']} />
        <TextInput
          label="Reference"
          value={reference}
          onChange={setReference}
          error={errors['reference']}
          hint="Shown on the bill, e.g. a purchase order number."
        />
        <UserSelect
          label="Created by"
          users={users}
          value={user}
          onChange={setUser}
          error={errors['userKey']}
          none="Not said"
        />
      </Grid>
      {rows.map((row, index) => (
        <Card key={index} data-testid="bill-line-row">
          <Flex justify="between" align="center" mb="2">
            <Text size="2" weight="medium">
              Line {index + 1}
            </Text>
            {rows.length > 1 ? (
              <RemoveRowButton onRemove={() => setRows(withoutRow(index))}>Remove line {index + 1}</RemoveRowButton>
            ) : null}
          </Flex>
          <Grid columns={{ initial: '1', sm: '3' }} gap="2">
            <TextInput
              label="Description"
              required
              value={row.description}
              onChange={(description) => update(index, (r) => ({ ...r, description }))}
              error={err(index, 'description')}
            />
            <NumberInput
              label="Quantity"
              required
              locale={money.locale}
              value={row.quantity}
              onChange={(text) => typeNumber(index, 'quantity', text)}
              error={err(index, 'quantity')}
            />
            <NumberInput
              label="Unit price"
              required
              locale={money.locale}
              currency={money.currency}
              show={(amount) => formatMoney(amount, region)}
              value={row.unitPrice}
              onChange={(text) => typeNumber(index, 'unitPrice', text)}
              error={err(index, 'unitPrice')}
              hint="Before tax."
            />
            {connected && ledger ? (
              <LedgerFields
                ledger={ledger}
                money={money}
                row={row}
                onChange={(change) => update(index, change)}
                errors={{ revenue: err(index, 'revenue'), tax: err(index, 'extTaxID') }}
              />
            ) : null}
          </Grid>
        </Card>
      ))}
      <Flex justify="between" align="center" wrap="wrap" gap="2">
        <Button
          type="button"
          variant="soft"
          onClick={() => setRows((all) => [...all, newLineRow()])}
          disabled={rows.length >= 100}
        >
          Add a line
        </Button>
        <Text size="2" data-testid="bill-total">
          Net {formatMoney(totals.net, region)}
          {totals.total === null
            ? connected
              ? ' · tax once every line has a rate'
              : ' · tax is added by the practice'
            : ` · tax ${formatMoney(totals.tax, region)} · total ${formatMoney(totals.total, region)}`}
        </Text>
      </Flex>
      <CheckInput label="Send the bill to the client" checked={sendBill} onChange={setSendBill} />
      {connected ? (
        <CheckInput
          label="Sync to the ledger now"
          checked={syncNow}
          onChange={setSyncNow}
          hint="stored with the bill; the practice's ledger sync picks it up"
        />
      ) : null}
    </SchemaForm>
  );
}

function LedgerFields(props: {
  ledger: LedgerLookups;
  money: MoneyLocale;
  row: BillLineRow;
  onChange(change: (row: BillLineRow) => BillLineRow): void;
  errors: { revenue: string | undefined; tax: string | undefined };
}) {
  const { ledger, row } = props;
  const revenueAccounts = ledger.accounts.filter((a) => a.type === 'REVENUE');
  return (
    <>
      <SelectInput
        label="Revenue account or sale item"
        required
        value={row.revenue}
        onChange={(revenue) => props.onChange((r) => withRevenue(r, revenue, ledger, props.money))}
        error={props.errors.revenue}
      >
        <option value="">Choose…</option>
        <optgroup label="Sale items">
          {ledger.status.saleItems.map((s) => (
            <option key={s.code} value={`item:${s.code}`}>
              {s.name} ({s.code})
            </option>
          ))}
        </optgroup>
        <optgroup label="Revenue accounts">
          {revenueAccounts.map((a) => (
            <option key={a.extAccountID} value={`account:${a.extAccountID}`}>
              {a.code} {a.name}
            </option>
          ))}
        </optgroup>
      </SelectInput>
      <SelectInput
        label="Tax rate"
        required
        value={row.extTaxID}
        onChange={(extTaxID) => props.onChange((r) => ({ ...r, extTaxID }))}
        error={props.errors.tax}
      >
        <option value="">Choose…</option>
        {ledger.taxRates.map((t) => (
          <option key={t.extTaxID} value={t.extTaxID}>
            {t.name} ({Math.round(t.rate * 1000) / 10}%)
          </option>
        ))}
      </SelectInput>
    </>
  );
}
