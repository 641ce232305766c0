import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type TestDemo } from './support/demo';

/**
 * The demo's simulated client actions (/demo-control/…) change a practice's data and send its
 * webhooks, so they take the API's credentials, read-write, and act on the caller's own practice only.
 */

let t: TestDemo;
beforeAll(async () => {
  t = await startDemo();
});
afterAll(() => t.demo.close());

const sentProposal = () => [...t.state().proposals.values()].find((p) => p.statusName === 'Sent')!;

function post(path: string, headers: Record<string, string> = {}) {
  return fetch(`${t.demo.baseUrl}/demo-control${path}`, { method: 'POST', headers });
}
const credentials = (practice: number, as: 'readWrite' | 'readOnly'): Record<string, string> => {
  const { clientId, secret } = t.demo.practices[practice]![as];
  return { 'X-Svc-Auth-ID': clientId, 'X-Svc-Auth-Key': secret };
};

describe('/demo-control needs the practice’s read-write credentials', () => {
  it('answers 401 without credentials and with a wrong secret, and changes nothing', async () => {
    const proposal = sentProposal();
    const form = await t.call('POST', '/eforms', { body: { templateId: 101, recipientEmail: 'a@example.com' } });
    for (const headers of [
      {},
      { 'X-Svc-Auth-ID': t.demo.practices[0]!.readWrite.clientId, 'X-Svc-Auth-Key': 'not-the-secret' },
    ]) {
      const accept = await post(`/proposals/${proposal.proposalKey}/accept`, headers);
      expect(accept.status).toBe(401);
      expect((await accept.json()).title).toBe('Unauthorized');
      expect((await post(`/eforms/${form.json.formKey}/submit`, headers)).status).toBe(401);
    }
    expect(t.state().proposals.get(proposal.proposalKey)!.statusName).toBe('Sent');
    expect(t.state().eforms.get(form.json.formKey)!.status).toBe('sent');
  });

  it('takes no HTTP Basic credentials (a browser replays them cross-site) and sends no Basic challenge', async () => {
    const proposal = sentProposal();
    const { clientId, secret } = t.demo.practices[0]!.readWrite;
    const basic = { Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` };
    for (const headers of [basic, {}]) {
      const accept = await post(`/proposals/${proposal.proposalKey}/accept`, headers);
      expect(accept.status).toBe(401);
      expect(accept.headers.get('www-authenticate')).toBeNull();
    }
    expect(t.state().proposals.get(proposal.proposalKey)!.statusName).toBe('Sent');
  });

  it('answers 403 to read-only credentials and 404 to another practice’s', async () => {
    const proposal = sentProposal();
    expect((await post(`/proposals/${proposal.proposalKey}/accept`, credentials(0, 'readOnly'))).status).toBe(403);
    expect((await post(`/proposals/${proposal.proposalKey}/accept`, credentials(1, 'readWrite'))).status).toBe(404);
    expect(t.state().proposals.get(proposal.proposalKey)!.statusName).toBe('Sent');
  });

  it('acts with the practice’s read-write credentials', async () => {
    const proposal = sentProposal();
    const accept = await post(`/proposals/${proposal.proposalKey}/accept`, credentials(0, 'readWrite'));
    expect(accept.status).toBe(200);
    expect(t.state().proposals.get(proposal.proposalKey)!.statusName).toBe('Accepted');
  });
});
