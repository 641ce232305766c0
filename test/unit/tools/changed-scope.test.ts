import { describe, expect, it } from 'vitest';
import { changedScope } from '../../tools/changed-scope';

/** A repository with these test files (their folders exist too). */
function repo(...testFiles: string[]): (path: string) => boolean {
  const present = new Set<string>();
  for (const file of testFiles) {
    present.add(file);
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) present.add(`${parts.slice(0, i).join('/')}/`);
  }
  return (path) => present.has(path);
}

const exists = repo(
  'test/unit/compose.test.ts',
  'test/unit/os-integration/badge.test.ts',
  'test/unit/demo-practice/data/generate.test.ts',
  'test/unit/demo-practice/webhook-deliverer.test.ts',
  'test/unit/contract/iso-day.test.ts',
  'test/unit/contract/outbox/strict-payloads.test.ts',
  'test/unit/renderer/ui/regional/counts-and-relative.test.ts',
  'test/unit/renderer/features/clients/client-filter.test.ts',
  'test/unit/renderer/support/fake-bridge.ts',
  'test/unit/tools/skippable-timer.test.ts',
);

describe("the unit tests a change needs, by the tests' mirror of the source", () => {
  it("maps a source file to its folder's mirror", () => {
    expect(changedScope(['src-main/os-integration/badge.ts'], exists).unitTests).toEqual(['test/unit/os-integration/']);
    expect(changedScope(['src-renderer/ui/regional/counts.ts'], exists).unitTests).toEqual([
      'test/unit/renderer/ui/regional/',
    ]);
    expect(changedScope(['src-preload/contract/outbox/operations.ts'], exists).unitTests).toEqual([
      'test/unit/contract/outbox/',
    ]);
    expect(changedScope(['test/tools/changed-scope.ts'], exists).unitTests).toEqual(['test/unit/tools/']);
  });

  it('climbs to the nearest mirrored folder, but never above the mirror of the top folder', () => {
    expect(changedScope(['src-renderer/features/clients/tabs/BillingTab.tsx'], exists).unitTests).toEqual([
      'test/unit/renderer/features/clients/',
    ]);
    expect(changedScope(['src-main/demo-practice/routes/proposal-routes.ts'], exists).unitTests).toEqual([
      'test/unit/demo-practice/',
    ]);
    expect(changedScope(['src-preload/contract/counts.ts'], exists).unitTests).toEqual(['test/unit/contract/']);
    // Nothing mirrors features/leads: not all of features' tests, which are many areas' (clients' among them).
    const leads = changedScope(['src-renderer/features/leads/LeadsScreen.tsx'], exists);
    expect(leads.unitTests).toEqual([]);
    expect(leads.unmirrored).toEqual(['src-renderer/features/leads/LeadsScreen.tsx']);
    expect(changedScope(['src-main/app-info/app-info.ts'], exists).unmirrored).toEqual([
      'src-main/app-info/app-info.ts',
    ]);
  });

  it('maps a file at the top of src-main to the test of its own name', () => {
    expect(changedScope(['src-main/compose.ts'], exists).unitTests).toEqual(['test/unit/compose.test.ts']);
    expect(changedScope(['src-main/clock.ts'], exists).unmirrored).toEqual(['src-main/clock.ts']);
  });

  it('runs a changed unit test itself, and a changed helper its folder; a deleted test not at all', () => {
    expect(
      changedScope(
        [
          'test/unit/renderer/ui/regional/counts-and-relative.test.ts',
          'test/unit/renderer/support/fake-bridge.ts',
          'test/unit/renderer/ui/gone.test.ts',
        ],
        exists,
      ).unitTests,
    ).toEqual(['test/unit/renderer/support/', 'test/unit/renderer/ui/regional/counts-and-relative.test.ts']);
  });

  it('keeps only the outermost of nested selections, once each', () => {
    expect(
      changedScope(
        [
          'src-preload/contract/counts.ts',
          'src-preload/contract/outbox/operations.ts',
          'test/unit/contract/iso-day.test.ts',
          'src-preload/contract/routes.ts',
        ],
        exists,
      ).unitTests,
    ).toEqual(['test/unit/contract/']);
  });

  it('names the heavier projects and configuration instead of running them', () => {
    const scope = changedScope(
      ['test/e2e/money-screens.test.ts', 'test/contract/eforms.test.ts', 'tsconfig.json', 'docs/ARCHITECTURE.md'],
      exists,
    );
    expect(scope).toEqual({
      unitTests: [],
      unmirrored: [],
      otherProjects: ['test/e2e/money-screens.test.ts', 'test/contract/eforms.test.ts'],
      configuration: ['tsconfig.json'],
    });
  });
});
