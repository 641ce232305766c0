import { Flex, Text } from '@radix-ui/themes';
import { DateInput } from './DateInput';
import { isIsoDay } from '../../src-preload/contract/iso-day';

/**
 * "<label> [from] to [to]", each typed in the practice's date order and bounded by the local window (a "from"
 * after the "to" is the table's own message, dateRangeProblem). A filter changes only once its text reads as a date (or is cleared), so half-typed text
 * never empties the list.
 */
export function DateRangeFields(props: {
  label: string;
  /** Accessible names of the two fields, e.g. "Bills dated from" / "Bills dated to". */
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  /** The days the list can hold (billing's local window); null when unknown. */
  window: { startDate: string; endDate: string } | null;
  onChange(patch: { from?: string; to?: string }): void;
}) {
  const { from, to, window } = props;
  const readable = (value: string) => value === '' || isIsoDay(value);
  return (
    <Flex gap="2" align="start">
      <Text size="2" color="gray" className="date-range__label">
        {props.label}
      </Text>
      <DateInput
        compact
        label={props.fromLabel}
        value={from}
        min={window?.startDate}
        max={window?.endDate}
        onChange={(value) => readable(value) && props.onChange({ from: value })}
      />
      <Text size="2" color="gray" className="date-range__label">
        to
      </Text>
      <DateInput
        compact
        label={props.toLabel}
        value={to}
        min={window?.startDate}
        max={window?.endDate}
        onChange={(value) => readable(value) && props.onChange({ to: value })}
      />
    </Flex>
  );
}
