import { Heading, Text } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';

/**
 * A screen's title. It takes focus when the screen opens, so keyboard and screen-reader users land
 * on the new content instead of staying on the navigation link they pressed.
 */
export function ScreenHeader(props: { title: string; subtitle?: string | undefined }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // The title is at the top of the screen already: no scrolling into view, which would lay the page out
  // before the screen's first paint.
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <header className="screen-header">
      <Heading as="h1" size="6" ref={ref} tabIndex={-1}>
        {props.title}
      </Heading>
      {props.subtitle ? (
        <Text as="p" color="gray" size="2">
          {props.subtitle}
        </Text>
      ) : null}
    </header>
  );
}
