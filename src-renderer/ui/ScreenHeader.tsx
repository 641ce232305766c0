import { Heading, Text } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';

/**
 * A screen's title. It takes focus when the screen opens, so keyboard and screen-reader users land
 * on the new content instead of staying on the navigation link they pressed.
 */
export function ScreenHeader(props: { title: string; subtitle?: string | undefined }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
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
