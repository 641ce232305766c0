import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { wrapTab } from './focusable';

/*
 * A native <dialog> shown with showModal(): the browser makes the page behind inert,
 * closes on Escape and returns focus to the opener. Not Radix Dialog/AlertDialog: their scroll lock
 * injects a <style> element whose text depends on the scrollbar width, which the strict CSP refuses
 * and no fixed hash can cover (found by the e2e zero-violation check). Tab wraps inside it (focusable.ts:
 * Chromium's own trap lets Tab leave for the browser, leaving focus on <body>).
 */
export function ModalDialog(props: {
  open: boolean;
  onClose(): void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  width?: 'narrow' | 'wide';
  role?: 'dialog' | 'alertdialog';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      className={`modal-dialog modal-dialog--${props.width ?? 'narrow'}`}
      role={props.role ?? 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={props.description ? descriptionId : undefined}
      onClose={props.onClose}
      onKeyDown={(event) => {
        if (ref.current) wrapTab(ref.current, event);
      }}
    >
      {props.open ? (
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id={titleId}>
            {props.title}
          </Heading>
          {props.description ? (
            <Text as="p" size="2" color="gray" id={descriptionId}>
              {props.description}
            </Text>
          ) : null}
          {props.children}
        </Flex>
      ) : null}
    </dialog>
  );
}

/** "Are you sure?" for anything that destroys data: the safe choice is first and focused. */
export function ConfirmDialog(props: {
  open: boolean;
  onClose(): void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm(): void;
}) {
  return (
    <ModalDialog
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      description={props.description}
      role="alertdialog"
    >
      {props.children}
      <Flex gap="3" mt="2" justify="end">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- an alert dialog focuses its safe choice when it opens, as the ARIA dialog pattern asks */}
        <Button variant="soft" color="gray" autoFocus onClick={props.onClose}>
          {props.cancelLabel ?? 'Cancel'}
        </Button>
        <Button
          color="red"
          onClick={() => {
            props.onConfirm();
            props.onClose();
          }}
        >
          {props.confirmLabel}
        </Button>
      </Flex>
    </ModalDialog>
  );
}
