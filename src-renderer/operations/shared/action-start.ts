import type { ReactNode } from 'react';
import type { OperationName } from '../../../src-preload/contract/outbox/operations';
import type { StoredPayload } from '../../../src-preload/contract/outbox/payload-check';

/**
 * What an operation's summary reads, per operation a start may queue (most queue their own operation; the
 * services dialog queues a line edit or a whole-list replacement). The registry checks each against the
 * operation's own `description.summary`, so a start cannot hand a summary the wrong facts.
 */
export type Tells = Partial<Record<OperationName, unknown>>;

/** One write a start queues: its operation, payload and what its summary reads; the client comes from the start. */
export type StartedWrite<T extends Tells> = {
  [M in keyof T & OperationName]: {
    operation: M;
    payload: StoredPayload;
    /** What `operationRegistry[operation].description.summary` reads to write the entry's line. */
    told: T[M];
    /** Entries that must reach the practice first (a note on a lead still waiting to be created). */
    dependsOn?: string[];
  };
}[keyof T & OperationName];

/** What the dialog host gives the form of a start. */
export interface StartFormProps<About, T extends Tells> {
  about: About;
  /** Why nothing can be queued now (no acting user, read-only credentials), or null. */
  disabledReason: string | null;
  onCancel(): void;
  /** Queues the write for the client the start belongs to and closes the dialog; resolves to the entry's id. */
  queue(write: StartedWrite<T>): Promise<string>;
}

/** An operation started in a dialog the root's host opens by name: `openAction(name, about)`. */
export interface DialogStart<About, T extends Tells> {
  kind: 'dialog';
  title(about: About): string;
  description(about: About): ReactNode;
  width?: 'narrow' | 'wide';
  /** The client the entry belongs to (its pending list, client-facing mode), or null. */
  clientOf(about: About): string | null;
  /** The forms' code, fetched while the screen that may open it is read, so the dialog opens at once. */
  forms: readonly { preload(): Promise<unknown> }[];
  /** The form with its initial values from `about`, turning what is submitted into the write (a component). */
  Form(props: StartFormProps<About, T>): ReactNode;
}

/** An operation queued by a button at once, without a dialog (sending a draft the practice kept). */
export interface DirectStart<About, T extends Tells> {
  kind: 'direct';
  clientOf(about: About): string | null;
  write(about: About): StartedWrite<T>;
}

export type Start<About, T extends Tells> = DialogStart<About, T> | DirectStart<About, T>;

/** A start in a dialog (the type parameters are read from the form, so the entry keeps its precise types). */
export const startsInDialog = <About, T extends Tells>(start: Omit<DialogStart<About, T>, 'kind'>) =>
  ({ kind: 'dialog', ...start }) satisfies DialogStart<About, T>;

/** A start queued at once. */
export const startsAtOnce = <About, T extends Tells>(start: Omit<DirectStart<About, T>, 'kind'>) =>
  ({ kind: 'direct', ...start }) satisfies DirectStart<About, T>;

/**
 * Any operation's start, as the registry holds it: what it starts from and what it tells are erased here
 * (the registry checks the precise ones against each summary; `openAction` reads them back per name).
 */
export type AnyStart =
  | (Omit<DialogStart<never, Tells>, 'Form'> & {
      Form(props: Omit<StartFormProps<never, Tells>, 'queue'> & { queue(write: never): Promise<string> }): ReactNode;
    })
  | DirectStart<never, Tells>;
