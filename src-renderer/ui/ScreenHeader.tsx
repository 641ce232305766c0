import { Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A screen's title. It takes focus when the screen opens, so keyboard and screen-reader users land
 * on the new content instead of staying on the navigation link they pressed.
 */
export function ScreenHeader(props: {
  title: string;
  subtitle?: string | undefined;
  /** What sits at the end of the title's row (a screen's one main action), instead of a row of its own. */
  action?: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  // The title is at the top of the screen already: no scrolling into view, which would lay the page out
  // before the screen's first paint.
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  const title = (
    <Heading as="h1" size="6" ref={ref} tabIndex={-1}>
      {props.title}
    </Heading>
  );
  return (
    <header className="screen-header">
      {props.action ? (
        <Flex justify="between" align="start" gap="3" wrap="wrap">
          {title}
          {props.action}
        </Flex>
      ) : (
        title
      )}
      {props.subtitle ? (
        <Text as="p" color="gray" size="2">
          {props.subtitle}
        </Text>
      ) : null}
    </header>
  );
}
