import { createElement, type ComponentType, type JSXElementConstructor, type ReactElement } from 'react';
import { operations, type OperationName } from '../../../src-preload/contract/outbox/operations';
import type { EformTemplate } from '../../../src-preload/contract/partner-api';
import type { EffectPart } from '../../effects/outbox-effect';
import type { AnyStart } from './action-start';
import { billedPerUse, sentOnceWords } from '../../ui/words/sent-once';

/** How an entry of the operation is described to the user. */
export interface Description {
  /** The kind of action, as the Outbox shows it above each entry (the contract's title). */
  title: string;
  /** Sent at a cost per use. */
  billedPerUse: boolean;
  /**
   * Why it is never sent again on a guess, said next to the title in the Outbox ("billed per use", or what a
   * second one would be); null for a write that is sent again once a read proved the first did not arrive.
   */
  sentOnce: string | null;
  /**
   * The entry's one line, written when it is queued and stored with it (the Outbox, the "pending for …"
   * lists, the discard and send-again dialogs). Takes what the screen that queues it knows.
   */
  summary(about: never): string;
  /**
   * What the entry carries, read from its stored body when shown (the note's first words), so entries
   * with the same summary can be told apart; absent when the summary already says it.
   */
  carries?: (body: unknown) => string | null;
  /**
   * The summary again for a body edited in the Outbox, so the line says what the entry will now send
   * (null: the body does not fit the operation; the old line stays until the entry is fixed).
   */
  afterEdit?: (body: unknown, known: KnownAtEdit) => string | null;
}

/** What the Outbox knows about an entry's surroundings when its body is edited. */
export interface KnownAtEdit {
  /** The client the entry concerns, as stored on this laptop (null: none, or not stored). */
  clientName: string | null;
  eformTemplates: EformTemplate[];
  /** The practice's region, for amounts in its money format. */
  region: string | undefined;
  /** What the form knew beyond the body when it was saved (an adhoc bill's totals), as it handed it over. */
  formSays: unknown;
}

/** What "Edit and resubmit" gives a form besides its own props. */
export interface ResubmitContext {
  submitLabel: string;
  eformTemplates: EformTemplate[];
}

/** "Edit and resubmit" in the operation's own form, prefilled with the stored body. */
export interface ResubmitForm {
  form: JSXElementConstructor<never>;
  /** The form for this body (null: the body no longer fits the form, so it is edited as JSON). */
  render(
    body: unknown,
    context: ResubmitContext,
    handlers: { onSubmit(body: unknown, formSays?: unknown): Promise<void>; onCancel(): void },
  ): ReactElement | null;
}

/**
 * How a screen starts the operation from what it is about (`openAction(name, about)`): a dialog with its
 * title, description, form and initial values, or a write queued at once; either way the payload, the
 * summary's facts and the client the entry belongs to.
 */
export type StartPart = AnyStart;

/**
 * Every part of one outbox operation in the renderer. Each is required: an operation without an effect
 * says so (`noLocalEffect`), one edited as JSON says so (`'json'`), and each says how a screen starts it.
 */
export interface OperationParts {
  /** The local effect (with the tables it touches), applied in the entry's own transaction. */
  effect: EffectPart;
  description: Description;
  /** How "Edit and resubmit" edits a stored entry: its own form, or its body as JSON checked against the contract. */
  resubmit: ResubmitForm | 'json';
  /** How a screen starts it: `openAction(name, about)` opens its dialog (or queues it at once). */
  start: StartPart;
}

/** The description of an operation: title, cost and why it is sent once from the contract, the summary from its domain. */
export function describedAs<A>(
  name: OperationName,
  summary: (about: A) => string,
  carries?: ((body: unknown) => string | null) | null,
  afterEdit?: (body: unknown, known: KnownAtEdit) => A | null,
) {
  return {
    title: operations[name].title,
    billedPerUse: billedPerUse(name),
    sentOnce: sentOnceWords(name),
    summary,
    ...(carries ? { carries } : {}),
    ...(afterEdit
      ? {
          afterEdit: (body: unknown, known: KnownAtEdit) => {
            const about = afterEdit(body, known);
            return about === null ? null : summary(about);
          },
        }
      : {}),
  } satisfies Description;
}

/** A text's first words, up to about `max` characters, for an entry's line: "Called about the renewal…". */
export function firstWords(text: string, max = 48): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

type ResubmitHandlers = Parameters<ResubmitForm['render']>[2];

/**
 * Edits a stored entry in `form`: `initialValues` turns the stored body into the form's props (null when
 * the body no longer fits it); the handlers — save and resubmit, cancel — are added here.
 */
export function resubmitIn<P extends object>(
  form: ComponentType<P>,
  initialValues: (body: unknown, context: ResubmitContext) => Omit<P, 'onSubmit' | 'onCancel'> | null,
): ResubmitForm {
  return {
    form,
    render(body, context, handlers: ResubmitHandlers) {
      const props = initialValues(body, context);
      // The form's onSubmit takes its own body type; what it submits is checked again against the contract on resubmit.
      return props ? createElement(form, { ...props, ...handlers } as unknown as P) : null;
    },
  };
}
