import { Text } from '@radix-ui/themes';

/** A quiet "still loading" line that assistive technology announces politely. */
export function LoadingStatus({ children = 'Loading…' }: { children?: string }) {
  return (
    <Text as="p" size="1" color="gray" role="status">
      {children}
    </Text>
  );
}
