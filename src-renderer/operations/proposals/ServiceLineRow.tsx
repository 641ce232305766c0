import { Box, Card, Flex, Grid } from '@radix-ui/themes';
import type { ProposalService } from '../../../src-preload/contract/partner-api';
import { NumberInput, SelectInput } from '../../ui/form-kit';
import { numberOrNaN } from '../../ui/regional/money-input';
import { formatMoney } from '../../ui/regional/regional-format';
import { RemoveRowButton } from '../../ui/RemoveRowButton';
import type { MoneyLocale } from '../billing/adhoc-bill-draft';
import { servicesInTree } from './new-proposal-draft';

/** One service line as typed: blank price for the catalogue's. */
export interface ServiceLineText {
  serviceID: string;
  quantity: string;
  price: string;
}

/** A service as the list names it: its price, or its range, and how often it falls. */
export function serviceChoice(service: ProposalService, region: string | undefined): string {
  const price =
    service.rangeMin != null && service.rangeMax != null
      ? `${formatMoney(service.rangeMin, region)} to ${formatMoney(service.rangeMax, region)}`
      : formatMoney(service.price, region);
  return `${service.name} (${price}, ${service.frequency})`;
}

/**
 * Why a typed price is outside its service's range, said as it is typed (the same sentence the form's check
 * gives before anything is queued); null while it is inside, blank, or not yet a number.
 */
export function priceOutsideRange(
  service: ProposalService | undefined,
  priceText: string,
  money: MoneyLocale,
  region: string | undefined,
): string | null {
  if (!service || service.rangeMin == null || service.rangeMax == null || !priceText.trim()) return null;
  const price = numberOrNaN(priceText, money);
  if (price === undefined || !Number.isFinite(price)) return null;
  if (price >= service.rangeMin && price <= service.rangeMax) return null;
  return `Choose a price from ${formatMoney(service.rangeMin, region)} to ${formatMoney(service.rangeMax, region)}.`;
}

/**
 * One service line of a proposal, the same in a new proposal and in Edit services: the catalogue as the
 * practice structures it (children indented under their parent, each with its price or range and how often
 * it falls), a quantity, and a price — blank for the catalogue's, flagged the moment it leaves its range.
 */
export function ServiceLineRow(props: {
  index: number;
  row: ServiceLineText;
  services: readonly ProposalService[];
  /** Lines of services no longer in the catalogue (an edited proposal's), selectable under their own name. */
  retired?: readonly { serviceID: number; serviceName: string }[];
  /** The form's own error for a field (after a try to queue). */
  errorOf(field: keyof ServiceLineText): string | undefined;
  onChange(change: Partial<ServiceLineText>, field: keyof ServiceLineText): void;
  onRemove(): void;
  money: MoneyLocale;
  region: string | undefined;
  testId: string;
}) {
  const { row, index, money, region } = props;
  const service = props.services.find((s) => String(s.serviceID) === row.serviceID);
  const ranged = service && service.rangeMin != null && service.rangeMax != null;
  const outside = priceOutsideRange(service, row.price, money, region);
  return (
    <Card data-testid={props.testId}>
      {/* The service's name on a line of its own, so it is read whole; quantity and price share the next. */}
      <Grid columns={{ initial: '1', sm: 'minmax(6rem, 1fr) minmax(0, 2fr)' }} gap="2" align="end">
        <Box gridColumn="1 / -1">
          <SelectInput
            label={`Service ${index + 1}`}
            required
            value={row.serviceID}
            onChange={(serviceID) => props.onChange({ serviceID }, 'serviceID')}
            error={props.errorOf('serviceID')}
          >
            <option value="">Choose…</option>
            {servicesInTree(props.services).map(({ service: s, depth }) => (
              <option key={s.serviceID} value={s.serviceID}>
                {`${'\u2003'.repeat(depth)}${depth ? '↳ ' : ''}${serviceChoice(s, region)}`}
              </option>
            ))}
            {(props.retired ?? []).map((line) => (
              <option key={`retired-${line.serviceID}`} value={line.serviceID}>
                {line.serviceName} (no longer in the catalogue)
              </option>
            ))}
          </SelectInput>
        </Box>
        <NumberInput
          label="Quantity"
          locale={money.locale}
          value={row.quantity}
          onChange={(quantity) => props.onChange({ quantity }, 'quantity')}
          error={props.errorOf('quantity')}
        />
        <Flex gap="2" align="end">
          <Box flexGrow="1">
            <NumberInput
              label="Price"
              locale={money.locale}
              currency={money.currency}
              show={(amount) => formatMoney(amount, region)}
              value={row.price}
              onChange={(price) => props.onChange({ price }, 'price')}
              error={props.errorOf('price') ?? outside ?? undefined}
              hint={
                ranged
                  ? `Before tax, from ${formatMoney(service.rangeMin!, region)} to ${formatMoney(service.rangeMax!, region)}; blank for ${formatMoney(service.price, region)}.`
                  : service
                    ? `Before tax; blank for ${formatMoney(service.price, region)}.`
                    : 'Before tax; blank for the catalogue price.'
              }
            />
          </Box>
          <RemoveRowButton onRemove={props.onRemove}>Remove service {index + 1}</RemoveRowButton>
        </Flex>
      </Grid>
    </Card>
  );
}
