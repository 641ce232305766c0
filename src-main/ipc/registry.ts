import { z } from 'zod';
import { methodNames, type MethodName } from '../../src-preload/contract/bridge-names';
import {
  MAX_PAYLOAD_BYTES,
  methodSchemas,
  type MethodOutput,
} from '../../src-preload/contract/bridge-schemas';
import type { BridgeErrorCode, BridgeReply } from '../../src-preload/contract/companion';

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
  maxPayloadBytes?: number;
  /** Refusals and failures are reported here; the renderer only gets a short, safe message. */
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

/** Approximate wire size; anything JSON cannot express (cycles, BigInt) counts as invalid. */
function payloadBytes(input: unknown): number | null {
  try {
    const json = JSON.stringify(input);
    return json === undefined ? 0 : Buffer.byteLength(json, 'utf8');
  } catch {
    return null;
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(input)'}: ${issue.message}`)
    .join('; ');
}

/**
 * The one door from the renderer into main. Every request is checked in this order — sender,
 * envelope, method name, size, schema — and the handler runs only if all pass. Both the Electron IPC
 * adapter and the browser preview's WebSocket server dispatch through it.
 */
export function createIpcRegistry<Sender>(options: IpcRegistryOptions<Sender>) {
  const maxBytes = options.maxPayloadBytes ?? MAX_PAYLOAD_BYTES;
  const report = (code: BridgeErrorCode, detail: string): void => options.onRefusal?.(code, detail);

  async function dispatch(sender: Sender, message: unknown): Promise<BridgeReply> {
    if (!options.isTrustedSender(sender)) {
      report('untrusted-sender', 'request from an untrusted sender');
      return refuse('untrusted-sender', 'This request did not come from the app window.');
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
    const size = payloadBytes(input);
    if (size === null) {
      report('invalid-payload', `${method}: input is not serialisable`);
      return refuse('invalid-payload', 'The request could not be read.');
    }
    if (size > maxBytes) {
      report('payload-too-large', `${method}: ${size} bytes > ${maxBytes}`);
      return refuse('payload-too-large', `The request is too large (${size} bytes).`);
    }
    const name = method as MethodName;
    const schema = methodSchemas[name];
    const parsed = schema.input.safeParse(input);
    if (!parsed.success) {
      const detail = describeIssues(parsed.error);
      report('invalid-payload', `${method}: ${detail}`);
      return refuse('invalid-payload', `Invalid request: ${detail}`);
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
      const text = error instanceof Error ? error.message : String(error);
      report('handler-failed', `${method}: ${text}`);
      return refuse('handler-failed', text.slice(0, 500));
    }
  }

  return { dispatch };
}

export type IpcRegistry<Sender> = ReturnType<typeof createIpcRegistry<Sender>>;
