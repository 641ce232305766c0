import { Button, Flex, Text } from '@radix-ui/themes';
import { Children, createContext, isValidElement, useContext, useId, type ComponentProps, type ReactNode } from 'react';
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

/** In a WriteActions row: where each own reason of its buttons is written, so a button points at it. */
const RowReasons = createContext<ReadonlyMap<string, string> | null>(null);

/** The own reasons (`disabled` with a `title`) of the WriteButtons among a row's children, each once. */
function ownReasons(children: ReactNode): string[] {
  const reasons = Children.toArray(children).flatMap((child) => {
    if (!isValidElement<ComponentProps<typeof Button>>(child) || child.type !== WriteButton) return [];
    const { disabled, title } = child.props;
    return disabled && title ? [title] : [];
  });
  return [...new Set(reasons)];
}

/**
 * A row of write buttons with the reasons beside them when they are blocked: the read-only sentence, and
 * each greyed-out button's own reason written once after the row (two buttons waiting for the same thing
 * share one sentence).
 */
export function WriteActions({ children, testId }: { children: ReactNode; testId?: string }) {
  const rowId = useId();
  const reasons = ownReasons(children);
  const ids = new Map(reasons.map((reason, i) => [reason, `${rowId}-why-${i}`]));
  return (
    <WriteScope>
      <RowReasons.Provider value={ids}>
        <Flex gap="2" align="center" wrap="wrap" {...(testId ? { 'data-testid': testId } : {})}>
          {children}
          <BlockedReason />
          {reasons.map((reason) => (
            <Text key={reason} id={ids.get(reason)} size="1" color="gray" data-testid="disabled-reason">
              {reason}
            </Text>
          ))}
        </Flex>
      </RowReasons.Provider>
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
  const row = useContext(RowReasons);
  const ownId = useId();
  const why = props.disabled && title ? title : null;
  // In a WriteActions row the row writes the reason; elsewhere the button writes it beside itself.
  const rowWhyId = why ? row?.get(why) : undefined;
  const whyId = why ? (rowWhyId ?? ownId) : null;
  const describedBy = [reason ? id : null, props['aria-describedby'], whyId].filter(Boolean).join(' ');
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
  if (!why || rowWhyId) return button;
  return (
    <Flex gap="2" align="center" asChild>
      <span>
        {button}
        <Text id={ownId} size="1" color="gray" data-testid="disabled-reason">
          {why}
        </Text>
      </span>
    </Flex>
  );
}
