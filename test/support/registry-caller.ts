import { createIpcRegistry, type Handlers } from '../../src-main/ipc/registry';

/**
 * Calls main's handlers through the real registry (every check of the bridge runs), as the window
 * would; a refusal or failure throws with its code. Answers are untyped, as tests read a few fields.
 */
export function registryCaller(handlers: Handlers) {
  const registry = createIpcRegistry<null>({ handlers, isTrustedSender: () => true });
  return async (method: string, input: unknown = {}): Promise<any> => {
    const reply = await registry.dispatch(null, { method, input });
    if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
    return reply.value;
  };
}
