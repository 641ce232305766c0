import type { Companion } from '../../src-preload/contract/companion';

/**
 * Stands in for the bridge when the page was opened without a preload: nothing is started then, and a
 * call that still reaches main fails with the reason instead of "cannot read properties of null".
 */
export function missingBridge(): Companion {
  const fail = (): never => {
    throw new Error('Practice Companion could not reach its main process.');
  };
  const part = new Proxy({}, { get: () => fail });
  return new Proxy({} as Companion, { get: (_target, name) => (name === 'on' ? fail : part) });
}
