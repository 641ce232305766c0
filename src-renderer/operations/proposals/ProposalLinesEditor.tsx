import { Box, Button, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { RemoveRowButton, withoutRow } from '../../ui/RemoveRowButton';
import type { ProposalService } from '../../../src-preload/contract/partner-api';
import { NumberInput, SelectInput, withoutError, type FieldErrors } from '../../ui/form-kit';
import { numberInputText } from '../../ui/regional/money-input';
import { formatMoney } from '../../ui/regional/regional-format';
import type { MoneyLocale } from '../billing/adhoc-bill-draft';
import { servicesInTree, type DraftLineRow, type DraftTotals } from './new-proposal-draft';

/** A service as the list names it: its price, or its range, and how often it falls. */
export function serviceChoice(service: ProposalService, region: string | undefined): string {
  const price =
    service.rangeMin != null && service.rangeMax != null
      ? `${formatMoney(service.rangeMin, region)} to ${formatMoney(service.rangeMax, region)}`
      : formatMoney(service.price, region);
  return `${service.name} (${price}, ${service.frequency})`;
}

/**
 * The service lines of a new proposal: services as the practice structures them (children indented under
 * their parent), a quantity, and a price — blank for the catalogue's, inside its range for a ranged one.
 */
export function ProposalLinesEditor(props: {
  rows: DraftLineRow[];
  onRows(change: (rows: DraftLineRow[]) => DraftLineRow[]): void;
  services: readonly ProposalService[];
  errors: FieldErrors;
  onErrors(change: (errors: FieldErrors) => FieldErrors): void;
  money: MoneyLocale;
  region: string | undefined;
}) {
  const { rows, money, region } = props;
  const tree = servicesInTree(props.services);
  const update = (index: number, change: Partial<DraftLineRow>, field: string) => {
    props.onRows((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row)));
    props.onErrors((all) => withoutError(all, `services.${index}.${field}`));
  };
  const err = (index: number, field: string) => props.errors[`services.${index}.${field}`];
  return (
    <Flex direction="column" gap="2">
      {rows.map((row, index) => {
        const service = props.services.find((s) => String(s.serviceID) === row.serviceID);
        const ranged = service && service.rangeMin != null && service.rangeMax != null;
        return (
          <Card key={index} data-testid="new-proposal-line">
            {/* The service's name on a line of its own, so it is read whole; quantity and price share the next. */}
            <Grid columns={{ initial: '1', sm: 'minmax(6rem, 1fr) minmax(0, 2fr)' }} gap="2" align="end">
              <Box gridColumn="1 / -1">
                <SelectInput
                  label={`Service ${index + 1}`}
                  required
                  value={row.serviceID}
                  onChange={(serviceID) => update(index, { serviceID, price: '' }, 'serviceID')}
                  error={err(index, 'serviceID')}
                >
                  <option value="">Choose…</option>
                  {tree.map(({ service: s, depth }) => (
                    <option key={s.serviceID} value={s.serviceID}>
                      {`${'\u2003'.repeat(depth)}${depth ? '↳ ' : ''}${serviceChoice(s, region)}`}
                    </option>
                  ))}
                </SelectInput>
              </Box>
              <NumberInput
                label="Quantity"
                locale={money.locale}
                value={row.quantity}
                onChange={(quantity) => update(index, { quantity }, 'quantity')}
                error={err(index, 'quantity')}
              />
              <Flex gap="2" align="end">
                <Box flexGrow="1">
                  <NumberInput
                    label="Price"
                    locale={money.locale}
                    currency={money.currency}
                    show={(amount) => formatMoney(amount, region)}
                    value={row.price}
                    onChange={(price) => update(index, { price }, 'price')}
                    error={err(index, 'price')}
                    hint={
                      ranged
                        ? `Before tax, from ${formatMoney(service.rangeMin!, region)} to ${formatMoney(service.rangeMax!, region)}; blank for ${formatMoney(service.price, region)}.`
                        : service
                          ? `Before tax; blank for ${formatMoney(service.price, region)}.`
                          : 'Before tax; blank for the catalogue price.'
                    }
                  />
                </Box>
                <RemoveRowButton onRemove={() => props.onRows(withoutRow(index))}>
                  Remove service {index + 1}
                </RemoveRowButton>
              </Flex>
            </Grid>
          </Card>
        );
      })}
      <Box>
        <Button
          type="button"
          variant="soft"
          onClick={() =>
            props.onRows((all) => [...all, { serviceID: '', quantity: numberInputText(1, money.locale), price: '' }])
          }
        >
          Add a service
        </Button>
      </Box>
    </Flex>
  );
}

/** The totals as the client will see them, in the practice's money: before tax, tax, total, first year. */
export function DraftTotalsView({ totals, region }: { totals: DraftTotals; region: string | undefined }) {
  const figure = (label: string, amount: number, testId: string) => (
    <Flex direction="column">
      <Text size="1" color="gray">
        {label}
      </Text>
      <Text size="2" weight="bold" data-testid={testId}>
        {formatMoney(amount, region)}
      </Text>
    </Flex>
  );
  return (
    <Flex gap="5" wrap="wrap" role="group" aria-label="Proposal totals" data-testid="new-proposal-totals">
      {figure('Services before tax', totals.net, 'new-proposal-net')}
      {figure('Tax', totals.tax, 'new-proposal-tax')}
      {figure('Total', totals.total, 'new-proposal-total')}
      {figure('First-year value', totals.firstYear, 'new-proposal-first-year')}
    </Flex>
  );
}
