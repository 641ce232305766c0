import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createMemoryBudgetStore,
  createSettingsBudgetStore,
  type PersistedBudget,
} from '../../../src-main/request-budget/budget-store';
import { createJsonFileSettings } from '../../../src-main/settings/json-file-settings';
import { MINUTE, T0, response, settle, setup } from './helpers';

const mapSettings = () => {
  const values = new Map<string, unknown>();
  return {
    values,
    get: (key: string) => values.get(key),
    set: (key: string, value: unknown) => void values.set(key, value),
  };
};

const sample: PersistedBudget = {
  version: 1,
  sent: [T0 - 5_000, T0 - 1_000],
  pausedUntil: T0 + 30_000,
  serverHints: { phantoms: { minute: [], hour: [T0 - 2_000, T0 - 2_000], day: [] } },
};

describe('budget stores', () => {
  it('settings store round-trips under requestBudget.<clientId>, per Client ID', () => {
    const settings = mapSettings();
    const store = createSettingsBudgetStore(settings);
    store.save('client-a', sample);
    store.save('client-b', { version: 1, sent: [], pausedUntil: null });
    expect([...settings.values.keys()]).toEqual(['requestBudget.client-a', 'requestBudget.client-b']);
    expect(store.load('client-a')).toEqual(sample);
    expect(store.load('client-b')).toEqual({ version: 1, sent: [], pausedUntil: null });
    expect(store.load('client-c')).toBeUndefined();
  });

  it('round-trips through a real settings file, across instances', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'budget-')), 'settings.json');
    createSettingsBudgetStore(createJsonFileSettings(file)).save('client-a', sample);
    expect(JSON.parse(readFileSync(file, 'utf8'))['requestBudget.client-a']).toEqual(sample);
    expect(createSettingsBudgetStore(createJsonFileSettings(file)).load('client-a')).toEqual(sample);
  });

  it('answers undefined, never throws, for anything that is not a valid record', () => {
    const corrupt: unknown[] = [
      'garbage',
      null,
      42,
      [],
      { version: 2, sent: [], pausedUntil: null },
      { version: 1, sent: ['1'], pausedUntil: null },
      { version: 1, sent: [1, null], pausedUntil: null },
      { version: 1, sent: [], pausedUntil: 'tomorrow' },
      { version: 1, sent: [] },
      { version: 1, sent: [Number.NaN], pausedUntil: null },
      { version: 1, sent: [], pausedUntil: null, serverHints: { phantoms: { hour: [1] } } },
    ];
    for (const value of corrupt) {
      const settings = mapSettings();
      settings.set('requestBudget.client-a', value);
      expect(createSettingsBudgetStore(settings).load('client-a')).toBeUndefined();
    }
    const throwing = createSettingsBudgetStore({
      get: () => {
        throw new Error('disk');
      },
      set: () => undefined,
    });
    expect(throwing.load('client-a')).toBeUndefined();
  });

  it('a budget over corrupt data starts empty and works', async () => {
    const settings = mapSettings();
    settings.set('requestBudget.client-a', { version: 1, sent: 'everything', pausedUntil: null });
    const { budget } = setup({ store: createSettingsBudgetStore(settings) });
    expect(budget.snapshot().remaining).toEqual({ minute: 60, hour: 1000, day: 10_000 });
    await budget.reserve('interactive');
    budget.flush();
    expect((settings.get('requestBudget.client-a') as PersistedBudget).sent).toEqual([T0]);
  });

  it('a file edited by hand (unsorted, expired, far-future pause) is tidied, not trusted blindly', () => {
    const store = createMemoryBudgetStore();
    // Unsorted, one send two days old, one "tomorrow" (the laptop clock was set back since).
    const sent = [T0 - 10, T0 - 2 * 86_400_000, T0 + 86_400_000, T0 - 30_000];
    store.save('client-a', { version: 1, sent, pausedUntil: T0 + 365 * 86_400_000 });
    const { budget } = setup({ store });
    expect(budget.snapshot().remaining.minute).toBe(57);
    expect(budget.snapshot().pausedUntil).toBe(T0 + 86_400_000); // capped at the longest window
    budget.observe(response(429, { 'Retry-After': '1' })); // no shortening of the stored pause either
    expect(budget.snapshot().pausedUntil).toBe(T0 + 86_400_000);
    // The future send counts as sent now, so it leaves the minute with the others, not a day later.
    const unpaused = createMemoryBudgetStore();
    unpaused.save('client-a', { version: 1, sent, pausedUntil: null });
    const restarted = setup({ store: unpaused });
    restarted.timer.advanceTo(T0 + 2 * MINUTE);
    expect(restarted.budget.snapshot().remaining).toEqual({ minute: 60, hour: 1000 - 3, day: 10_000 - 3 });
  });
});

describe('budget persistence across restarts', () => {
  it('a new budget on the same settings file knows the earlier sends and waits', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'budget-')), 'settings.json');
    const first = setup({ store: createSettingsBudgetStore(createJsonFileSettings(file)) });
    for (let i = 0; i < 60; i += 1) await first.budget.reserve('interactive');
    first.budget.flush();

    const second = setup({ store: createSettingsBudgetStore(createJsonFileSettings(file)), start: T0 + 20_000 });
    expect(second.budget.snapshot().remaining).toEqual({ minute: 0, hour: 940, day: 9_940 });
    expect(second.budget.estimateMs(1, 'interactive')).toBe(40_000);
    await second.budget.reserve('interactive');
    expect(second.timer.now()).toBe(T0 + MINUTE);
  });

  it('saves are coalesced: a burst is written once, and a crash loses at most the last second', async () => {
    const { timer, budget, store } = setup();
    let saves = 0;
    const save = store.save.bind(store);
    store.save = (id, state) => {
      saves += 1;
      save(id, state);
    };
    for (let i = 0; i < 10; i += 1) await budget.reserve('interactive');
    expect(store.peek('client-a')?.sent).toHaveLength(1); // the first went straight to disk
    await settle();
    expect(timer.pendingSleeps()).toBe(1); // one trailing save, due a second after the last
    await timer.sleep(1_000);
    expect(store.peek('client-a')?.sent).toHaveLength(10);
    expect(saves).toBe(2);
  });

  it('dispose persists what is pending', async () => {
    const { budget, store } = setup();
    for (let i = 0; i < 5; i += 1) await budget.reserve('interactive');
    budget.dispose();
    expect(store.peek('client-a')?.sent).toEqual([T0, T0, T0, T0, T0]);
  });

  it('a failing save is reported, does not break grants, and is retried', async () => {
    const settings = mapSettings();
    let failing = true;
    const errors: unknown[] = [];
    const store = createSettingsBudgetStore({
      get: settings.get,
      set: (key, value) => {
        if (failing) throw new Error('disk full');
        settings.set(key, value);
      },
    });
    const { timer, budget } = setup({ store, onError: (error) => errors.push(error) });
    await budget.reserve('interactive');
    expect(errors).toHaveLength(1);
    failing = false;
    await timer.sleep(2_000);
    await budget.reserve('interactive');
    await timer.sleep(2_000);
    expect((settings.get('requestBudget.client-a') as PersistedBudget).sent).toEqual([T0, T0 + 2_000]);
  });
});

describe('memory store', () => {
  it('keeps copies, so later mutation of a saved object does not leak in', () => {
    const store = createMemoryBudgetStore();
    const state: PersistedBudget = { version: 1, sent: [1], pausedUntil: null };
    store.save('x', state);
    state.sent.push(2);
    expect(store.load('x')?.sent).toEqual([1]);
  });
});
