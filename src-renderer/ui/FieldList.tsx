import { DataList } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** A record's fields as label/value rows; fields with no value are left out rather than shown empty. */
export function FieldList({ fields }: { fields: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <DataList.Root>
      {fields
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.Label>{label}</DataList.Label>
            <DataList.Value>{value}</DataList.Value>
          </DataList.Item>
        ))}
    </DataList.Root>
  );
}
