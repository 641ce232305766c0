import { Button, Flex, Text } from '@radix-ui/themes';
import { createContext, useContext, useId, type ComponentProps, type ReactNode } from 'react';
import { useWriteBlocked } from './UserSelect';

/** Said under every queued action's title: when it goes out. */
export const SENT_WHEN = 'Goes to the practice now if online, or as soon as the laptop is back online.';

const Blocked = createContext<{ reason: string | null; id: string }>({ reason: null, id: '' });

/**
 * Where buttons that queue writes live. With read-only credentials every WriteButton inside is disabled
 * and points (aria-describedby) at the one sentence saying why (BlockedReason), shown once nearby, so
 * the reason is read out with the button and a disabled button is never a silent grey.
 */
export function WriteScope({ children }: { children: ReactNode }) {
  const reason = useWriteBlocked();
  const id = useId();
  return <Blocked.Provider value={{ reason, id }}>{children}</Blocked.Provider>;
}

export function BlockedReason() {
  const { reason, id } = useContext(Blocked);
  return reason ? (
    <Text id={id} size="1" color="gray" data-testid="write-blocked" style={{ maxWidth: 420 }}>
      {reason}
    </Text>
  ) : null;
}

/** A row of write buttons with the reason beside them when they are blocked. */
export function WriteActions({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <WriteScope>
      <Flex gap="2" align="center" wrap="wrap" {...(testId ? { 'data-testid': testId } : {})}>
        {children}
        <BlockedReason />
      </Flex>
    </WriteScope>
  );
}

/**
 * A button inside a WriteScope: disabled while writes are blocked, or for its own reason (`disabled`).
 * A button disabled for its own reason says why: its `title` is also written beside it and read out with it
 * (aria-describedby), since a title alone reaches neither keyboard users nor touch. Or the caller names
 * a sentence it shows itself, through `aria-describedby`. Both reasons are read out when both apply.
 */
export function WriteButton({ title, ...props }: ComponentProps<typeof Button>) {
  const { reason, id } = useContext(Blocked);
  const whyId = useId();
  const why = props.disabled && title ? title : null;
  const describedBy = [reason ? id : null, props['aria-describedby'], why ? whyId : null].filter(Boolean).join(' ');
  const button = (
    <Button
      size="2"
      variant="soft"
      {...props}
      {...(title && !why ? { title } : {})}
      disabled={Boolean(reason) || Boolean(props.disabled)}
      aria-describedby={describedBy || undefined}
    />
  );
  if (!why) return button;
  return (
    <Flex gap="2" align="center" asChild>
      <span>
        {button}
        <Text id={whyId} size="1" color="gray" data-testid="disabled-reason">
          {why}
        </Text>
      </span>
    </Flex>
  );
}
