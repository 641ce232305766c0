import type { EventName, MethodName } from './bridge-names';
import type { EventPayload, MethodInput, MethodOutput } from './bridge-schemas';

type GroupOf<M> = M extends `${infer G}.${string}` ? G : never;
type MethodsOfGroup<G extends string> = Extract<MethodName, `${G}.${string}`>;
type LocalName<M, G extends string> = M extends `${G}.${infer L}` ? L : never;

/** A method with an empty input may be called with no argument. */
type MethodFn<M extends MethodName> =
  Record<string, never> extends MethodInput<M>
    ? (input?: MethodInput<M>) => Promise<MethodOutput<M>>
    : (input: MethodInput<M>) => Promise<MethodOutput<M>>;

type Groups = {
  [G in GroupOf<MethodName>]: {
    [M in MethodsOfGroup<G> as LocalName<M, G>]: MethodFn<M>;
  };
};

/**
 * `window.companion`: everything the renderer may ask of main. The Electron preload, main's handlers
 * (through `Handlers` in src-main) and the browser preview's WebSocket bridge all satisfy this one type.
 */
export type Companion = Groups & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

/** How a Companion reaches main: request/response plus an event subscription. */
export interface BridgeTransport {
  invoke(method: MethodName, input: unknown): Promise<unknown>;
  subscribe(listener: (event: EventName, payload: unknown) => void): () => void;
}

/**
 * Builds the nested `companion.group.method()` object from the flat method names. Used by the
 * Electron preload and the browser preview alike, so the two can never drift apart.
 */
export function createCompanion(methods: readonly MethodName[], transport: BridgeTransport): Companion {
  const groups: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const method of methods) {
    const [group, local] = method.split('.') as [string, string];
    const target = (groups[group] ??= {});
    target[local] = (input?: unknown) => transport.invoke(method, input ?? {});
  }
  const on = (event: EventName, listener: (payload: unknown) => void): (() => void) =>
    transport.subscribe((name, payload) => {
      if (name === event) listener(payload);
    });
  return Object.freeze({ ...groups, on }) as unknown as Companion;
}

/** Replies travel as a tagged union so an error never masquerades as a value. */
export type BridgeReply =
  { ok: true; value: unknown } | { ok: false; error: { code: BridgeErrorCode; message: string } };

/**
 * Codes of the errors main means the user to read (a `UserFacingError` in main): the reply carries the
 * code and main's sentence. Any other failure in main arrives as 'handler-failed' with a fixed sentence.
 * - 'refused': main declined the request for a reason the sentence gives (a practice that is not the active one …).
 * A new code goes here when the renderer needs to act on it, not only show its sentence.
 */
export const userErrorCodes = ['refused'] as const;
export type UserErrorCode = (typeof userErrorCodes)[number];

export type BridgeErrorCode =
  'unknown-method' | 'untrusted-sender' | 'invalid-payload' | 'payload-too-large' | 'handler-failed' | UserErrorCode;

/** What the renderer is told when main fails in a way it did not mean the user to read; the details are in main's log. */
export const INTERNAL_FAILURE_MESSAGE = 'Something went wrong in the app; the details are in its log.';

/** The error a Companion method rejects with, so the renderer can tell refusals from failures. */
export class BridgeError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

/** Turns a reply into the method's value or a thrown BridgeError. */
export function unwrapReply(reply: unknown): unknown {
  const r = reply as BridgeReply | undefined;
  if (r && r.ok === true) return r.value;
  if (r && r.ok === false) throw new BridgeError(r.error.code, r.error.message);
  throw new BridgeError('handler-failed', 'Main sent a reply the bridge does not understand.');
}
