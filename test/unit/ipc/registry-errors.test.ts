import { describe, expect, it } from 'vitest';
import { createIpcRegistry, type Handlers } from '../../../src-main/ipc/registry';
import { UserFacingError } from '../../../src-main/ipc/user-facing-error';
import { BridgeError, INTERNAL_FAILURE_MESSAGE, unwrapReply } from '../../../src-preload/contract/companion';

const practiceKey = '2b0f3c1e-8a4d-4f6b-9c2e-5d7a1b3c4e5f';

/** A registry whose `practice.signOut` throws what the test gives it; every refusal is kept as the log would. */
function registryThrowing(thrown: unknown) {
  const log: { code: string; detail: string }[] = [];
  const handlers = new Proxy({} as Handlers, {
    get: () => () => {
      throw thrown;
    },
  });
  const registry = createIpcRegistry<null>({
    handlers,
    isTrustedSender: () => true,
    onRefusal: (code, detail) => log.push({ code, detail }),
  });
  const signOut = () => registry.dispatch(null, { method: 'practice.signOut', input: { practiceKey } });
  return { signOut, log };
}

describe('a handler error reaches the renderer as a code and a sentence', () => {
  it("never passes an internal error's text (paths, server internals, stack) to the renderer, but logs all of it", async () => {
    const internal = new Error("EACCES: permission denied, rmdir '/home/ann/.cache/practice-companion/2b0f3c1e'");
    const { signOut, log } = registryThrowing(internal);
    const reply = await signOut();
    expect(reply).toEqual({ ok: false, error: { code: 'handler-failed', message: INTERNAL_FAILURE_MESSAGE } });
    expect(JSON.stringify(reply)).not.toMatch(/EACCES|\/home|\.cache|at /);
    expect(log).toHaveLength(1);
    expect(log[0]!.detail).toContain("rmdir '/home/ann/.cache");
    expect(log[0]!.detail).toContain('registry-errors.test.ts'); // the stack, for whoever reads the log
  });

  it('treats anything thrown that is not an Error the same way', async () => {
    for (const thrown of ['/etc/secret path', { message: 'internal' }, 42, null, undefined]) {
      const { signOut } = registryThrowing(thrown);
      expect(await signOut()).toEqual({
        ok: false,
        error: { code: 'handler-failed', message: INTERNAL_FAILURE_MESSAGE },
      });
    }
  });

  it('survives a thrown value that cannot even be turned into text', async () => {
    const poison = {
      toString: () => {
        throw new Error('no');
      },
    };
    const { signOut, log } = registryThrowing(poison);
    expect(await signOut()).toEqual({
      ok: false,
      error: { code: 'handler-failed', message: INTERNAL_FAILURE_MESSAGE },
    });
    expect(log).toHaveLength(1);
  });

  it("passes a UserFacingError's sentence and code; its cause goes to the log only", async () => {
    const cause = new Error("ENOTEMPTY: rmdir '/home/ann/.cache/x'");
    const sentence = "Signed out, but the practice's saved documents could not be deleted.";
    const { signOut, log } = registryThrowing(new UserFacingError('refused', sentence, { cause }));
    const reply = await signOut();
    expect(reply).toEqual({ ok: false, error: { code: 'refused', message: sentence } });
    expect(JSON.stringify(reply)).not.toContain('ENOTEMPTY');
    expect(log[0]).toMatchObject({ code: 'refused' });
    expect(log[0]!.detail).toContain('ENOTEMPTY');
    // The renderer's BridgeError keeps working: the code and the sentence, nothing else.
    expect(() => unwrapReply(reply)).toThrow(BridgeError);
    try {
      unwrapReply(reply);
    } catch (error) {
      expect(error).toMatchObject({ code: 'refused', message: sentence });
    }
  });

  it('still answers when the sender check or the log itself throws', async () => {
    const registry = createIpcRegistry<null>({
      handlers: {} as Handlers,
      isTrustedSender: () => {
        throw new Error('frame gone');
      },
      onRefusal: () => {
        throw new Error('log full');
      },
    });
    const reply = await registry.dispatch(null, { method: 'app.info', input: {} });
    expect(reply).toEqual({ ok: false, error: { code: 'handler-failed', message: INTERNAL_FAILURE_MESSAGE } });
  });
});
