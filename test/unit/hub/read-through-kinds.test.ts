import { describe, expect, it } from 'vitest';
import { readThroughRoutes } from '../../../src-main/hub/clients/read-through-kinds';
import { documentKinds } from '../../../src-preload/contract/documents';
import { readSpecs } from '../../../src-preload/contract/reads';

const route = (name: string) => {
  const found = readThroughRoutes().find((r) => r.name === name);
  if (!found) throw new Error(`No read-through route ${name}.`);
  return found;
};
const key = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('the reads the hub reads through, derived from the read kinds and document paths', () => {
  it('has a route for every read kind that is not a paged list, and for every document', () => {
    const paged = Object.entries(readSpecs)
      .filter(([, spec]) => 'pagedBy' in spec)
      .map(([kind]) => kind);
    expect(paged.length).toBeGreaterThan(0);
    expect(readThroughRoutes().map((r) => r.name)).toEqual([
      ...Object.keys(readSpecs).filter((kind) => !paged.includes(kind)),
      ...documentKinds.filter((kind) => kind !== 'upload').map((kind) => `${kind} PDF`),
      'uploaded file',
    ]);
    expect(route('leads.notes').path).toBe('/leads/:leadKey/notes');
    expect(route('recurring.runs').path).toBe('/recurring-billing/:recurringBillingId/runs');
    expect(route('idCertificate PDF').path).toBe('/id-verifications/entities/:id/certificate');
    expect(route('uploaded file').path).toBe('/onboardings/:key/entities/:entityOnboardingId/documents/:documentId');
  });

  it('keys an ask by its normalised path and sorted query, and refuses what the reader never sends', () => {
    expect(route('bills.detail').target({ billingId: '0042' }, {})?.key).toBe('/bills/42');
    expect(route('leads.notes').target({ leadKey: key.toUpperCase() }, {})?.key).toBe(`/leads/${key}/notes`);
    expect(route('debtors.movement').target({}, { endDate: '2026-03-31', startDate: '2026-01-01' })?.key).toBe(
      '/debtors/movement?endDate=2026-03-31&startDate=2026-01-01',
    );
    expect(route('idCertificate PDF').target({ id: key.toUpperCase() }, {})?.key).toBe(
      `/id-verifications/entities/${key}/certificate`,
    );
    expect(route('bill PDF').target({ id: '7' }, {})?.key).toBe('/bills/7/pdf');
    // Not what the laptop's reader sends: refused, never read.
    expect(route('bills.detail').target({ billingId: 'x' }, {})).toBeNull();
    expect(route('bills.detail').target({ billingId: '0' }, {})).toBeNull();
    expect(route('leads.notes').target({ leadKey: key }, { pageNumber: '1' })).toBeNull();
    expect(route('debtors.movement').target({}, { startDate: '2026-01-01' })).toBeNull();
    expect(route('idCertificate PDF').target({ id: '12' }, {})).toBeNull();
    expect(route('bill PDF').target({ id: key }, {})).toBeNull();
    expect(route('bill PDF').target({ id: '0' }, {})).toBeNull();
    const upload = route('uploaded file');
    expect(upload.target({ key: key.toUpperCase(), entityOnboardingId: '040001', documentId: '60002' }, {})?.key).toBe(
      `/onboardings/${key}/entities/40001/documents/60002`,
    );
    expect(upload.target({ key, entityOnboardingId: '40001', documentId: 'zip' }, {})).toBeNull();
    expect(upload.target({ key, entityOnboardingId: '0', documentId: '1' }, {})).toBeNull();
    expect(upload.target({ key, entityOnboardingId: '1', documentId: '2' }, { sig: 'x' })).toBeNull();
  });
});
