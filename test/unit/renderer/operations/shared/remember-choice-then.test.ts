import { describe, expect, it, vi } from 'vitest';
import { rememberChoiceThen } from '../../../../../src-renderer/operations/shared/UserSelect';

describe('a form with a "done by" choice: remember the choice, then submit', () => {
  it('makes the chosen person the acting user before the write is queued, and queues what was valid', async () => {
    const order: string[] = [];
    const remember = vi.fn((userKey: string) => void order.push(`remember ${userKey}`));
    const submit = vi.fn(async (value: { text: string }) => void order.push(`submit ${value.text}`));
    await rememberChoiceThen('user-7', remember, submit)({ text: 'Called back' });
    expect(order).toEqual(['remember user-7', 'submit Called back']);
  });

  it('an empty choice ("nobody") leaves the acting user as it was, and still submits', async () => {
    const remember = vi.fn();
    const submit = vi.fn(async () => undefined);
    await rememberChoiceThen('', remember, submit)('body');
    expect(remember).not.toHaveBeenCalled();
    expect(submit).toHaveBeenCalledWith('body');
  });

  it('a submit that fails still reports its failure to the form, with the choice remembered', async () => {
    const remember = vi.fn();
    const failure = new Error('The laptop refused to store the entry.');
    const submit = rememberChoiceThen('user-7', remember, async () => Promise.reject(failure));
    await expect(submit(undefined)).rejects.toBe(failure);
    expect(remember).toHaveBeenCalledWith('user-7');
  });
});
