import { Flex, Text } from '@radix-ui/themes';
import { frequencyWords, type ProposalAmounts } from '../../../src-preload/contract/proposal-amounts';
import { formatMoney } from '../regional/regional-format';

/** "$660.00 a month · $715.00 a year": each frequency's share, as the practice prices them. */
export function byFrequencyText(amounts: ProposalAmounts, region: string | undefined): string {
  return amounts.byFrequency
    .map((part) => `${formatMoney(part.amount, region)} ${frequencyWords(part.frequency)}`)
    .join(' · ');
}

/**
 * A proposal's amount as an accountant reads it: the first-year value as the headline, with each frequency's
 * share beside it (tax included, as the practice's totals are). When the lines' frequencies are not known on
 * this laptop (its pricing not read yet), the practice's services total is shown for what it is: one billing
 * of each service.
 */
export function ProposalHeadline(props: {
  amounts: ProposalAmounts | null;
  servicesTotal: number;
  region: string | undefined;
  size?: '1' | '2';
}) {
  const { amounts, region } = props;
  if (!amounts)
    return (
      <Text size={props.size ?? '2'} data-testid="proposal-headline">
        {formatMoney(props.servicesTotal, region)}{' '}
        <Text color="gray" size="1">
          one billing of each service
        </Text>
      </Text>
    );
  return (
    <Flex gap="2" align="baseline" wrap="wrap" data-testid="proposal-headline">
      <Text size={props.size ?? '2'} weight="bold">
        {formatMoney(amounts.firstYear, region)} first year
      </Text>
      <Text size="1" color="gray">
        {byFrequencyText(amounts, region)}, incl. tax
      </Text>
    </Flex>
  );
}
