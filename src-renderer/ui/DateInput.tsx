import { Flex, Text, TextField } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { dateInputFormat, dateInputText, parseDateInput } from './regional/date-input';
import { formatDate } from './regional/regional-format';
import { useRegion } from './regional/use-region';

export interface DateInputProps {
  label: string;
  /** ISO yyyy-mm-dd, '' for none; text that could not be read is handed on as typed (see onChange). */
  value: string;
  /**
   * The ISO date once the text reads as one, '' when it is cleared, else the text as typed: no schema
   * takes it for a date, so a form cannot be sent with it, and the field says why in words.
   */
  onChange(value: string): void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  /** Compact: no visible label or echo (a filter bar); the label is still the field's accessible name. */
  compact?: boolean;
  /** Earliest and latest dates allowed (ISO), each with the message shown outside it. */
  min?: string | undefined;
  max?: string | undefined;
}

/**
 * A date typed in the practice's order (dd/mm/yyyy for every region served), with the format as its hint,
 * the date it was read as echoed under it ("Reads as 23 Nov 2026") and, when it cannot be read, why in
 * words. ISO inside: the value in and out is yyyy-mm-dd. A plain text field, so keyboard use and screen
 * readers behave as everywhere else (no OS date picker in the laptop's own locale).
 */
export function DateInput(props: DateInputProps) {
  const region = useRegion();
  const id = useId();
  const format = dateInputFormat(region);
  const [text, setText] = useState(() => dateInputText(props.value, region));
  const [seen, setSeen] = useState(props.value);
  // A value set from outside (a reset, a default) replaces the text; the one this field's text reads as
  // (handed on by onText) does not, nor does a parent that keeps its old value while the text is unreadable.
  if (props.value !== seen) {
    setSeen(props.value);
    const typed = parseDateInput(text, region);
    if ((typed.ok ? (typed.value ?? '') : text) !== props.value) setText(dateInputText(props.value, region));
  }
  const read = parseDateInput(text, region);
  const outside =
    read.ok && read.value !== undefined
      ? props.min && read.value < props.min
        ? `The earliest date here is ${formatDate(props.min, region)}.`
        : props.max && read.value > props.max
          ? `The latest date here is ${formatDate(props.max, region)}.`
          : null
      : null;
  // Text that cannot be read says why in words, before any message of the form's about the value it handed on.
  const error = read.ok ? (props.error ?? outside ?? undefined) : read.message;
  const echo = read.ok && read.value !== undefined && !error ? `Reads as ${formatDate(read.value, region)}` : null;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  const onText = (next: string) => {
    setText(next);
    const r = parseDateInput(next, region);
    props.onChange(r.ok ? (r.value ?? '') : next);
  };
  const field = (
    <TextField.Root
      id={id}
      size={props.compact ? '1' : '2'}
      inputMode="numeric"
      autoComplete="off"
      placeholder={format.pattern}
      aria-label={props.compact ? props.label : undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      value={text}
      onChange={(e) => onText(e.target.value)}
      // Leaving the field shows the date the practice's way ("1/2/26" → "01/02/2026").
      onBlur={() => {
        if (read.ok && read.value !== undefined) setText(dateInputText(read.value, region));
      }}
      style={props.compact ? { width: '8.5rem' } : undefined}
    />
  );
  if (props.compact)
    return (
      <Flex direction="column" gap="1">
        {field}
        <span id={`${id}-hint`} hidden>
          {echo ?? format.pattern}
        </span>
        {error ? (
          // Wraps under the field instead of widening it (and the filter bar with it).
          <Text id={`${id}-error`} size="1" color="red" role="alert" style={{ maxWidth: '16rem' }}>
            {error}
          </Text>
        ) : null}
      </Flex>
    );
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {props.label}
        {props.required ? ' *' : ''}
      </Text>
      {field}
      <Text id={`${id}-hint`} size="1" color="gray" aria-live="polite" data-testid="date-read">
        {echo ?? `${props.hint ? `${props.hint} ` : ''}Day first: ${format.pattern}.`}
      </Text>
      {error ? (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}
