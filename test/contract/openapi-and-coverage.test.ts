import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../src-main/demo-practice/openapi/build-openapi';
import { apiRoutes } from '../../src-main/demo-practice/routes/index';
import { runTracked } from '../support/tracked-process';

/**
 * Every endpoint the contract names, copied from ../shared/partner-api.md (Endpoints, Webhook endpoints,
 * and the table of endpoints named without payload detail), in the contract's own path spelling.
 */
const contractEndpoints = [
  'POST /eforms',
  'GET /eforms/schema-guide',
  'PUT /proposals/{key}/external-projects',
  'PATCH /onboardings/{key}/recipients',
  'PUT /onboardings/{key}/clients/{clientId}/custom-fields',
  'POST /onboardings/{key}/complete',
  'DELETE /onboardings/{key}/documents/{documentId}',
  'GET /onboardings/statuses',
  'GET /entities/list',
  'GET /onboardings/list',
  'GET /contacts/list',
  'GET /bills/{billingId}/pdf',
  'GET /users/{userKey}',
  'GET /proposals/services',
  'GET /webhooks/events',
  'POST /webhooks',
  'POST /webhooks/{id}/test',
  'DELETE /webhooks/{id}',
  'GET /auth/validate',
  'GET /eforms/templates',
  'POST /eforms/{formKey}/send',
  'GET /users/list',
  'POST /id-verifications/send',
  'POST /id-verifications/aml-checks',
  'GET /id-verifications/entities/{entityKey}/certificate',
  'GET /onboardings/{key}/documents',
  'GET /onboardings/{key}/entities/{entityOnboardingId}/documents/{documentId}',
  'GET /onboardings/{key}/entities/{entityOnboardingId}/documents/zip',
  'GET /bills/list',
  'GET /bills/{billingId}',
  'GET /bills/{billingId}/payments',
  'POST /bills',
  'GET /bills/ledger/status',
  'GET /bills/ledger/accounts',
  'GET /bills/ledger/tax-rates',
  'GET /bills/ledger/branding-themes',
  'GET /proposals/list',
  'GET /proposals/{key}/pricing',
  'GET /proposals/{key}',
  'POST /proposals/{key}/duplicate',
  'POST /proposals/{key}/renew',
  'GET /proposals/{key}/renew-preview',
  'POST /proposals/from-template',
  'PATCH /proposals/{key}/services',
  'PUT /proposals/{key}/services',
  'POST /proposals',
  'GET /proposals/pm-job-templates',
  'GET /proposals/pm-job-categories',
  'GET /proposals/pm-staff',
  'GET /proposals/dms-job-templates',
  'GET /proposals/dms-job-states',
  'GET /recurring-billing/list',
  'GET /recurring-billing/{recurringBillingId}',
  'GET /recurring-billing/{recurringBillingId}/runs',
  'GET /payments/list',
  'GET /payments/{paymentId}',
  'GET /debtors/ageing',
  'GET /debtors/invoices',
  'GET /debtors/movement',
  'GET /statements/list',
  'GET /statements/{statementId}',
  'GET /statements/{statementId}/pdf',
];
/** Named by the contract without paths ("list, detail, notes, create, convert-to-client"; "list, create, update"; "list and load"). */
const namedWithoutPaths = [
  'GET /leads/list',
  'GET /leads/{leadKey}',
  'GET /leads/{leadKey}/notes',
  'POST /leads/{leadKey}/notes',
  'POST /leads',
  'POST /leads/{leadKey}/convert-to-client',
  'GET /entities/{entityKey}/contacts',
  'POST /entities/{entityKey}/contacts',
  'PUT /entities/{entityKey}/contacts/{entityContactID}',
  'GET /webhooks',
  'GET /webhooks/{id}',
];

const served = new Set(apiRoutes.map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`));

describe('Every endpoint of the contract answers', () => {
  it.each([...contractEndpoints, ...namedWithoutPaths])('%s', (endpoint) => {
    expect(served.has(endpoint)).toBe(true);
  });

  it('adds only documented endpoints beyond the contract', () => {
    const extra = [...served].filter((e) => !contractEndpoints.includes(e) && !namedWithoutPaths.includes(e));
    expect(extra).toEqual(['GET /proposals/templates']);
    expect(readFileSync('docs/partner-api-decisions.md', 'utf8')).toContain('GET /proposals/templates');
  });
});

describe('OpenAPI 3.1 document', () => {
  it('is generated from the route table and the committed docs/openapi.json is up to date (npm run openapi)', () => {
    const committed = JSON.parse(readFileSync('docs/openapi.json', 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildOpenApi(apiRoutes))));
    expect(committed.openapi).toBe('3.1.0');
    expect(Object.keys(committed.paths).length).toBeGreaterThanOrEqual(60);
  });

  it('describes the signed storage URL an uploaded file is fetched from: the descriptor, and the storage path without credentials', () => {
    const document = buildOpenApi(apiRoutes) as any;
    const descriptor =
      document.paths['/api/v1/onboardings/{key}/entities/{entityOnboardingId}/documents/{documentId}'].get;
    expect(Object.keys(descriptor.responses['200'].content['application/json'].schema.properties).sort()).toEqual([
      'contentType',
      'documentId',
      'expiresOn',
      'fileName',
      'size',
      'url',
    ]);
    const storage =
      document.paths['/_storage/onboarding-documents/{practiceKey}/{key}/{entityOnboardingId}/{documentId}'].get;
    expect(storage.security).toEqual([]);
    expect(Object.keys(storage.responses['200'].content)).toEqual(
      expect.arrayContaining(['application/pdf', 'image/png']),
    );
    expect(storage.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['expires', 'sig']));
  });

  it('lints with no errors and no warnings in Redocly CLI (recommended rules)', async () => {
    const { stdout } = await runTracked('npx', [
      '--no-install',
      'redocly',
      'lint',
      'docs/openapi.json',
      '--format=json',
    ]);
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number } };
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
