import { describe, expect, it } from 'vitest';
import { MINUTE, T0, expectRejection, settle, setup } from './helpers';

describe('request budget: abort and dispose', () => {
  it('an aborted waiter rejects with the reason and consumes nothing', async () => {
    const { timer, budget } = setup();
    for (let i = 0; i < 60; i += 1) await budget.reserve('interactive');
    const controller = new AbortController();
    const aborted = budget.reserve('interactive', controller.signal);
    await timer.sleep(10_000);
    expect(budget.snapshot().waiting.interactive).toBe(1);
    const reason = new Error('the user closed the view');
    controller.abort(reason);
    expect(await expectRejection(aborted)).toBe(reason);
    expect(budget.snapshot().waiting.interactive).toBe(0);

    // Had the aborted waiter taken a slot, the 60th of these would have to wait another minute.
    const grants: number[] = [];
    await Promise.all(Array.from({ length: 60 }, () => budget.reserve('outbox').then(() => grants.push(timer.now()))));
    expect(grants.every((t) => t === T0 + MINUTE)).toBe(true);
    expect(budget.snapshot().remaining.minute).toBe(0);
  });

  it('an already-aborted signal rejects at once and records nothing', async () => {
    const { budget } = setup();
    expect(await expectRejection(budget.reserve('interactive', AbortSignal.abort('nope')))).toBe('nope');
    expect(budget.snapshot().remaining.minute).toBe(60);
  });

  it('aborting one waiter in the middle keeps the order of the others', async () => {
    const { timer, budget } = setup({ limits: { perMinute: 1, perHour: 100, perDay: 1000 } });
    await budget.reserve('background');
    const order: string[] = [];
    const controller = new AbortController();
    const a = budget.reserve('background').then(() => order.push(`a@${timer.now() - T0}`));
    const b = budget.reserve('background', controller.signal).catch(() => order.push('b aborted'));
    const c = budget.reserve('background').then(() => order.push(`c@${timer.now() - T0}`));
    await settle();
    controller.abort();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['b aborted', 'a@60000', 'c@120000']);
  });

  it('dispose rejects every waiter with an AbortError, persists, and refuses new reserves', async () => {
    const { timer, budget, store } = setup();
    for (let i = 0; i < 60; i += 1) await budget.reserve('interactive');
    const waiting = [budget.reserve('interactive'), budget.reserve('background')];
    await settle();
    budget.dispose();
    for (const promise of waiting)
      expect((await expectRejection(promise)) as Error).toMatchObject({ name: 'AbortError' });
    expect(store.peek('client-a')?.sent).toHaveLength(60);
    expect(((await expectRejection(budget.reserve('interactive'))) as Error).name).toBe('AbortError');
    await new Promise((resolve) => setImmediate(resolve));
    expect(timer.pendingSleeps()).toBe(0);
  });
});
