import { describe, expect, it } from 'vitest';
import { createBudgetRegistry } from '../../../src-main/request-budget/budget-registry';
import { createSettingsBudgetStore, settingsKey } from '../../../src-main/request-budget/budget-store';
import { createVirtualTimer } from '../../../src-main/request-budget/budget-timer';
import { T0 } from './helpers';

describe('budget registry: forgetting a Client ID at sign-out', () => {
  it('deletes what was persisted for it, and a later budget for it starts empty', async () => {
    const values = new Map<string, unknown>();
    const settings = {
      get: (k: string) => values.get(k),
      set: (k: string, v: unknown) => void values.set(k, v),
      delete: (k: string) => void values.delete(k),
    };
    const registry = createBudgetRegistry({
      timer: createVirtualTimer(T0),
      store: createSettingsBudgetStore(settings),
      edgeGuardMs: 0,
    });
    await registry.forClient('client-a').reserve('interactive');
    await registry.forClient('client-b').reserve('interactive');
    registry.forClient('client-a').flush();
    registry.forClient('client-b').flush();
    expect([...values.keys()].sort()).toEqual([settingsKey('client-a'), settingsKey('client-b')]);

    registry.forget('client-a');
    expect([...values.keys()]).toEqual([settingsKey('client-b')]);
    expect(registry.forClient('client-a').snapshot().remaining.minute).toBe(registry.limits.perMinute);
    registry.dispose();
  });
});
