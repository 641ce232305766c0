import { z } from 'zod';
import { methodNames, type MethodName } from '../../src-preload/contract/bridge-names';
import { methodSchemas, type MethodOutput } from '../../src-preload/contract/bridge-schemas';
import { INTERNAL_FAILURE_MESSAGE, type BridgeErrorCode, type BridgeReply } from '../../src-preload/contract/companion';
import { checkPlainData, defaultPlainDataLimits, type PlainDataLimits } from './plain-data';
import { UserFacingError } from './user-facing-error';

/** Parsed (post-zod) input of a method, which is what a handler receives. */
export type HandlerInput<M extends MethodName> = z.output<(typeof methodSchemas)[M]['input']>;

/** One handler per method; the compiler insists every method of the contract is handled. */
export type Handlers = {
  [M in MethodName]: (input: HandlerInput<M>) => Promise<MethodOutput<M>> | MethodOutput<M>;
};

export interface IpcRegistryOptions<Sender> {
  handlers: Handlers;
  /** Decides whether a request may be served at all (sender frame in Electron, session token in the preview). */
  isTrustedSender: (sender: Sender) => boolean;
  /** Approximate JSON size a request may have; default MAX_PAYLOAD_BYTES. */
  maxPayloadBytes?: number;
  /** Refusals and failures are reported here in full (for main's log); the renderer only gets a code and a short, safe sentence. */
  onRefusal?: (code: BridgeErrorCode, detail: string) => void;
}

const envelopeSchema = z.strictObject({
  method: z.string().max(100),
  input: z.unknown(),
});

const knownMethods = new Set<string>(methodNames);

function refuse(code: BridgeErrorCode, message: string): BridgeReply {
  return { ok: false, error: { code, message } };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(input)'}: ${issue.message}`)
    .join('; ');
}

/** The full text of a failure with its causes, for main's log only; never throws, whatever was thrown. */
function describeError(error: unknown, causes = 3): string {
  try {
    if (!(error instanceof Error)) return String(error);
    const cause =
      error.cause === undefined || causes === 0 ? '' : ` (cause: ${describeError(error.cause, causes - 1)})`;
    return `${error.stack ?? `${error.name}: ${error.message}`}${cause}`;
  } catch {
    return 'an error that could not be described';
  }
}

/**
 * The one door from the renderer into main. Every request is checked in this order — sender, plain
 * data within the caps (the whole message: depth, count, size, nothing but JSON's kinds of value),
 * envelope, method name, schema — and the handler runs only if all pass. Both the Electron IPC adapter
 * and the browser preview's WebSocket server dispatch through it. Whatever happens, `dispatch` resolves
 * to a reply; a failure reaches the renderer as a code and a plain sentence, never as main's own text
 * unless main threw a `UserFacingError` on purpose.
 */
export function createIpcRegistry<Sender>(options: IpcRegistryOptions<Sender>) {
  const limits: PlainDataLimits = options.maxPayloadBytes
    ? { ...defaultPlainDataLimits, maxBytes: options.maxPayloadBytes, maxStringLength: options.maxPayloadBytes }
    : defaultPlainDataLimits;
  const report = (code: BridgeErrorCode, detail: string): void => {
    try {
      options.onRefusal?.(code, detail);
    } catch {
      // A failing logger must not turn a refusal into a crash.
    }
  };

  async function serve(sender: Sender, message: unknown): Promise<BridgeReply> {
    if (!options.isTrustedSender(sender)) {
      report('untrusted-sender', 'request from an untrusted sender');
      return refuse('untrusted-sender', 'This request did not come from the app window.');
    }
    const plain = checkPlainData(message, limits);
    if (!plain.ok) {
      report(plain.code, `request refused before parsing: ${plain.reason}`);
      return plain.code === 'payload-too-large'
        ? refuse('payload-too-large', 'The request is too large.')
        : refuse('invalid-payload', 'The request could not be read.');
    }
    const envelope = envelopeSchema.safeParse(message);
    if (!envelope.success) {
      report('invalid-payload', `malformed envelope: ${describeIssues(envelope.error)}`);
      return refuse('invalid-payload', 'The request was malformed.');
    }
    const { method, input } = envelope.data;
    if (!knownMethods.has(method)) {
      report('unknown-method', `unknown method ${JSON.stringify(method)}`);
      return refuse('unknown-method', `Unknown request "${method}".`);
    }
    const name = method as MethodName;
    const schema = methodSchemas[name];
    const parsed = schema.input.safeParse(input);
    if (!parsed.success) {
      const detail = describeIssues(parsed.error);
      report('invalid-payload', `${method}: ${detail}`);
      return refuse('invalid-payload', `Invalid request: ${detail.slice(0, 500)}`);
    }
    try {
      const handler = options.handlers[name] as (input: unknown) => unknown;
      const value = await handler(parsed.data);
      // Main's own answers are checked too: a bug here must not hand the renderer a shape it cannot trust.
      const checked = schema.output.safeParse(value);
      if (!checked.success) {
        report('handler-failed', `${method}: bad output: ${describeIssues(checked.error)}`);
        return refuse('handler-failed', 'The app produced an unexpected answer.');
      }
      return { ok: true, value: checked.data };
    } catch (error) {
      if (error instanceof UserFacingError) {
        report(error.code, `${method}: ${describeError(error)}`);
        return refuse(error.code, error.message.slice(0, 1000));
      }
      report('handler-failed', `${method}: ${describeError(error)}`);
      return refuse('handler-failed', INTERNAL_FAILURE_MESSAGE);
    }
  }

  async function dispatch(sender: Sender, message: unknown): Promise<BridgeReply> {
    try {
      return await serve(sender, message);
    } catch (error) {
      // Only a bug in the checks themselves (or a throwing sender check) lands here; still a reply, never a rejection.
      report('handler-failed', `dispatch failed: ${describeError(error)}`);
      return refuse('handler-failed', INTERNAL_FAILURE_MESSAGE);
    }
  }

  return { dispatch };
}

export type IpcRegistry<Sender> = ReturnType<typeof createIpcRegistry<Sender>>;
