import { Box, Button, Flex, Text } from '@radix-ui/themes';
import { withoutRow } from '../../ui/RemoveRowButton';
import type { ProposalService } from '../../../src-preload/contract/partner-api';
import { frequencyWords } from '../../../src-preload/contract/proposal-amounts';
import { withoutError, type FieldErrors } from '../../ui/form-kit';
import { numberInputText } from '../../ui/regional/money-input';
import { formatMoney } from '../../ui/regional/regional-format';
import type { MoneyLocale } from '../billing/adhoc-bill-draft';
import type { DraftLineRow, DraftTotals } from './new-proposal-draft';
import { ServiceLineRow } from './ServiceLineRow';

/**
 * The service lines of a new proposal: one ServiceLineRow each (children indented under their parent, a
 * quantity, a price inside its range), and a button to add one.
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
  return (
    <Flex direction="column" gap="2">
      {rows.map((row, index) => (
        <ServiceLineRow
          key={index}
          index={index}
          row={row}
          services={props.services}
          errorOf={(field) => props.errors[`services.${index}.${field}`]}
          onChange={(change, field) => {
            // A new service starts at its catalogue price (blank).
            const next = field === 'serviceID' ? { ...change, price: '' } : change;
            props.onRows((all) => all.map((r, i) => (i === index ? { ...r, ...next } : r)));
            props.onErrors((all) => withoutError(all, `services.${index}.${field}`));
          }}
          onRemove={() => props.onRows(withoutRow(index))}
          money={money}
          region={region}
          testId="new-proposal-line"
        />
      ))}
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

/**
 * The totals as the client will read them, in the practice's money: the first-year value as the headline,
 * each frequency's share, then one billing of each service before tax, its tax and total (the practice's
 * "services total").
 */
export function DraftTotalsView({
  totals,
  region,
  label = 'Proposal totals',
  testIdPrefix = 'new-proposal',
}: {
  totals: DraftTotals;
  region: string | undefined;
  label?: string;
  testIdPrefix?: string;
}) {
  const figure = (name: string, amount: number, testId: string, strong = false) => (
    <Flex direction="column">
      <Text size="1" color="gray">
        {name}
      </Text>
      <Text size={strong ? '3' : '2'} weight="bold" data-testid={`${testIdPrefix}-${testId}`}>
        {formatMoney(amount, region)}
      </Text>
    </Flex>
  );
  return (
    <Flex gap="5" wrap="wrap" align="end" role="group" aria-label={label} data-testid={`${testIdPrefix}-totals`}>
      {figure('First year', totals.firstYear, 'first-year', true)}
      {totals.byFrequency.map((part) => (
        <Flex key={part.frequency} direction="column">
          <Text size="1" color="gray">
            {part.frequency}
          </Text>
          <Text size="2" data-testid={`${testIdPrefix}-${part.frequency.toLowerCase()}`}>
            {formatMoney(part.amount, region)} {frequencyWords(part.frequency)}
          </Text>
        </Flex>
      ))}
      <Flex direction="column" gap="1">
        <Text size="1" color="gray">
          One billing of each service
        </Text>
        <Text size="2" data-testid={`${testIdPrefix}-total`}>
          {formatMoney(totals.net, region)} + {formatMoney(totals.tax, region)} tax ={' '}
          {formatMoney(totals.total, region)}
        </Text>
      </Flex>
    </Flex>
  );
}
