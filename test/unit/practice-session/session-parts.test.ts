import { describe, expect, it } from 'vitest';
import { createBudgetStatus } from '../../../src-main/practice-session/budget-status';
import { createTargets, type KnownPractice, type TargetDeps } from '../../../src-main/practice-session/targets';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import type { RequestBudget } from '../../../src-main/request-budget/request-budget';

const practice = {
  practiceKey: 'p1',
  name: 'One',
  region: 'ANZ',
  baseUrl: 'https://one.test',
  clientId: 'c1',
  canWrite: false,
  isDemo: false,
  storage: 'keychain',
  backend: '',
} as KnownPractice;

function targetsWith(overrides: Partial<TargetDeps> = {}) {
  const made: string[] = [];
  const deps: TargetDeps = {
    practiceOf: (key) => (key === 'p1' ? practice : undefined),
    secretOf: (key) => (key === 'p1' ? 's3cret' : undefined),
    isActive: (key) => key === 'p1',
    client: (baseUrl, clientId, secret) => {
      made.push(`${baseUrl} ${clientId} ${secret}`);
      return {} as PartnerApiClient;
    },
    ...overrides,
  };
  return { targets: createTargets(deps), made };
}

describe('the read and write targets', () => {
  it('both come from the one check: the active, unlocked practice with its own address and credentials', () => {
    const { targets, made } = targetsWith();
    expect(targets.writeTarget('p1')).toMatchObject({ canWrite: false });
    expect(targets.readTarget('p1')).not.toHaveProperty('canWrite');
    expect(made).toEqual(['https://one.test c1 s3cret', 'https://one.test c1 s3cret']);
  });

  it('nothing for a practice that is not active, is locked, or is not on this laptop', () => {
    expect(targetsWith({ isActive: () => false }).targets.readTarget('p1')).toBeNull();
    expect(targetsWith({ secretOf: () => undefined }).targets.writeTarget('p1')).toBeNull();
    expect(targetsWith().targets.readTarget('p2')).toBeNull();
  });
});

describe('the budget status', () => {
  const budget = {
    snapshot: () => ({
      remaining: { minute: 59, hour: 999, day: 9999 },
      limits: { perMinute: 60, perHour: 1000, perDay: 10000 },
      limitsSource: 'default',
      reserved: { perMinute: 15, perHour: 50, perDay: 300 },
      usage: { ownLastHour: 1, othersLastHour: 0 },
      pausedUntil: null,
    }),
    estimateMs: (requests: number) => requests * 1000,
  } as unknown as RequestBudget;

  it('adds the running sync’s plan and a meeting pack’s estimate, in whole seconds', () => {
    const status = createBudgetStatus({
      budgetFor: () => budget,
      clientIdOf: () => 'c1',
      planOf: () => ({ requestsLeft: 3, sized: false }),
    });
    expect(status('p1', 5)).toMatchObject({
      run: { requestsLeft: 3, sized: false, etaSeconds: 3 },
      estimate: { requests: 5, etaSeconds: 5 },
      pausedUntil: null,
    });
  });

  it('none for a practice not on this laptop, or without budgets', () => {
    expect(
      createBudgetStatus({ budgetFor: () => budget, clientIdOf: () => undefined, planOf: () => null })('p9'),
    ).toBeNull();
    expect(createBudgetStatus({ clientIdOf: () => 'c1', planOf: () => null })('p1')).toBeNull();
  });
});
