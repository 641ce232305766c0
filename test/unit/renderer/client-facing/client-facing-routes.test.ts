import { describe, expect, it } from 'vitest';
import { routeAllowed } from '../../../../src-renderer/client-facing/client-facing-routes';
import type { PracticeDb } from '../../../../src-renderer/data/practice-db';
import { routes } from '../../../../src-preload/contract/routes';

const shown = '0b6f3c9e-41a2-4d7e-9c1b-2f1e8d3a5b70';
const other = '7d2a1c4b-93e5-4f60-8a1d-5c3b2e9f0a14';

/** Only the three tables the guard reads, each a map from key to its row's client. */
const table = (rows: Record<string, string>) => ({
  get: async (key: string | number) => (rows[String(key)] ? { entityKey: rows[String(key)] } : undefined),
});
const db = {
  bills: table({ '100232': shown, '100233': other }),
  statements: table({ '70001': shown }),
  onboardings: table({
    'ob-shown': shown,
    'ob-other': other,
    '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d': shown,
    '6b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e': other,
  }),
} as unknown as PracticeDb;

/** Splits an address as the router hands it over: the path, and the query with its `?`. */
const at = (address: string): [string, string] => {
  const [pathname, query] = address.split('?');
  return [pathname!, query ? `?${query}` : ''];
};
const allowed = (address: string, database: PracticeDb | null = db) => routeAllowed(...at(address), shown, database);

describe("client-facing mode's guard", () => {
  it("allows the client's own page, and their documents and onboardings", async () => {
    expect(await allowed(routes.client(shown))).toBe(true);
    expect(await allowed(routes.document('bill', 100232, shown))).toBe(true);
    expect(await allowed(routes.document('statement', 70001, shown))).toBe(true);
    expect(await allowed(routes.document('idCertificate', shown, shown))).toBe(true);
    expect(await allowed(routes.onboarding('ob-shown'))).toBe(true);
    // A file the client uploaded to their own onboarding.
    expect(await allowed(routes.document('upload', '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d.7.41', shown))).toBe(true);
  });

  it("refuses anyone else's page, document or onboarding, however the address names the client", async () => {
    expect(await allowed(routes.client(other))).toBe(false);
    expect(await allowed(routes.document('bill', 100233, shown))).toBe(false); // the address lies
    expect(await allowed(routes.document('bill', 100232, other))).toBe(false);
    expect(await allowed(routes.document('idCertificate', other, shown))).toBe(false);
    expect(await allowed(routes.onboarding('ob-other'))).toBe(false);
    expect(await allowed(routes.onboarding('ob-unknown'))).toBe(false);
    expect(await allowed(routes.document('upload', '6b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e.7.41', shown))).toBe(false);
    expect(await allowed(routes.document('upload', 'not-an-upload', shown))).toBe(false);
  });

  it('refuses every other screen, a malformed document and anything without the local copy', async () => {
    for (const screen of ['clients', 'settings', 'outbox', 'debtors', 'documents'] as const)
      expect(await allowed(routes.screen(screen)), screen).toBe(false);
    expect(await allowed(`/documents/bill/not-a-number?entity=${shown}`)).toBe(false);
    expect(await allowed(`/documents/bill/100232/extra?entity=${shown}`)).toBe(false);
    expect(await allowed(routes.lead('lead-1'))).toBe(false);
    expect(await allowed(routes.onboarding('ob-shown'), null)).toBe(false);
    expect(await allowed(routes.client(shown), null)).toBe(true);
  });
});
