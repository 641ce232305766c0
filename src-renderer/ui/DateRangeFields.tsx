import { Flex, Text, TextField } from '@radix-ui/themes';
import type { LocalWindow } from '../features/billing/billing-filter';

/** "<label> [from] to [to]", each bounded by the local window and by the other end. */
export function DateRangeFields(props: {
  label: string;
  /** Accessible names of the two fields, e.g. "Bills dated from" / "Bills dated to". */
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  window: LocalWindow | null;
  onChange(patch: { from?: string; to?: string }): void;
}) {
  const { from, to, window } = props;
  return (
    <Flex gap="2" align="center">
      <Text size="2" color="gray">
        {props.label}
      </Text>
      <TextField.Root
        type="date"
        size="1"
        aria-label={props.fromLabel}
        value={from}
        min={window?.startDate}
        max={to || window?.endDate}
        onChange={(e) => props.onChange({ from: e.target.value })}
      />
      <Text size="2" color="gray">
        to
      </Text>
      <TextField.Root
        type="date"
        size="1"
        aria-label={props.toLabel}
        value={to}
        min={from || window?.startDate}
        max={window?.endDate}
        onChange={(e) => props.onChange({ to: e.target.value })}
      />
    </Flex>
  );
}
