import { Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** What a screen shows when it has nothing yet: what belongs here and how to get it. */
export function EmptyState(props: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Flex direction="column" align="start" gap="3" className="empty-state" role="status">
      <Heading as="h2" size="4">
        {props.title}
      </Heading>
      <Text as="p" color="gray" size="2" className="empty-state__text">
        {props.children}
      </Text>
      {props.action}
    </Flex>
  );
}
