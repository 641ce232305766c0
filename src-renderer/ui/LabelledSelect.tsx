import { Flex, Text } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';

/*
 * A native <select> with a visible label, styled to sit with Radix Themes. Not Radix Select: when its
 * list opens it injects <style> elements (one of them with a computed scrollbar width) that the
 * renderer's strict CSP refuses and no fixed hash can cover. Native selects are also fully keyboard-
 * operable and type-to-find long lists for free.
 */
export function LabelledSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Flex align="center" gap="2">
      <Text as="label" size="2" htmlFor={id} color="gray">
        {label}
      </Text>
      <select id={id} className="native-select" value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </Flex>
  );
}
