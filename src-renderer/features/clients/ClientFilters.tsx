import { Button, Flex, SegmentedControl } from '@radix-ui/themes';
import { memo } from 'react';
import { LabelledSelect } from '../../ui/LabelledSelect';
import { NO_OFFICE, type ClientIndex, type ClientSort, type ClientView, type TerminatedFilter } from '../../search';

const SORTS: ReadonlyArray<[ClientSort, string]> = [
  ['name', 'Name A→Z'],
  ['name-desc', 'Name Z→A'],
  ['code', 'Client code'],
  ['updated', 'Recently updated'],
];

type FilterFields = Pick<ClientView, 'terminated' | 'type' | 'office' | 'sort'>;

/**
 * Terminated, type and office filters and the sort order of the client list. Memoized on the fields it
 * shows: typing in the search box changes only the query, and these controls need not render per key.
 */
export const ClientFilters = memo(function ClientFilters({
  index,
  onChange,
  ...view
}: FilterFields & { index: ClientIndex; onChange(patch: Partial<ClientView>): void }) {
  // A value chosen earlier stays selectable even if the last client carrying it has gone.
  const types = view.type && !index.types.includes(view.type) ? [...index.types, view.type] : index.types;
  const offices =
    view.office && view.office !== NO_OFFICE && !index.offices.includes(view.office)
      ? [...index.offices, view.office]
      : index.offices;
  return (
    <Flex gap="4" wrap="wrap" align="center" className="client-filters">
      <SegmentedControl.Root
        aria-label="Terminated clients"
        value={view.terminated}
        onValueChange={(v) => onChange({ terminated: v as TerminatedFilter })}
      >
        <SegmentedControl.Item value="active">Active</SegmentedControl.Item>
        <SegmentedControl.Item value="all">All</SegmentedControl.Item>
        <SegmentedControl.Item value="terminated">Terminated</SegmentedControl.Item>
      </SegmentedControl.Root>
      <LabelledSelect label="Type" value={view.type} onChange={(type) => onChange({ type })}>
        <option value="">All types</option>
        {types.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </LabelledSelect>
      <LabelledSelect label="Office" value={view.office} onChange={(office) => onChange({ office })}>
        <option value="">All offices</option>
        {offices.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
        {index.hasNoOffice || view.office === NO_OFFICE ? <option value={NO_OFFICE}>No office</option> : null}
      </LabelledSelect>
      <LabelledSelect label="Sort" value={view.sort} onChange={(sort) => onChange({ sort: sort as ClientSort })}>
        {SORTS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </LabelledSelect>
    </Flex>
  );
});

export function ClearFiltersButton({ onClear }: { onClear(): void }) {
  return (
    <Button variant="soft" size="1" onClick={onClear}>
      Clear search and filters
    </Button>
  );
}
