import { describe, expect, it } from 'vitest';
import { createHubMetrics, partnerApiRoute } from '../../../src-main/hub/watch/hub-metrics';
import { parsePrometheusText } from '../../support/prometheus-text';

const BASE = 'https://api.practice.example/anz';

const sampleValue = (text: string, name: string, labels: Record<string, string>) =>
  [...parsePrometheusText(text).values()]
    .flatMap((family) => family.samples)
    .find((s) => s.name === name && Object.entries(labels).every(([label, value]) => s.labels[label] === value))?.value;

describe("the hub's metrics", () => {
  it('names a Partner API request by its route, never by its ids, keys or a signed URL', () => {
    expect(partnerApiRoute(`${BASE}/api/v1/entities/list?pageNumber=3&lastUpdated=x`, BASE)).toBe('/entities/list');
    expect(partnerApiRoute(`${BASE}/api/v1/bills/1234/pdf`, BASE)).toBe('/bills/:id/pdf');
    expect(partnerApiRoute(`${BASE}/api/v1/leads/5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f/notes`, BASE)).toBe(
      '/leads/:id/notes',
    );
    expect(partnerApiRoute(`${BASE}/api/v1/eforms/schema-guide`, BASE)).toBe('/eforms/schema-guide');
    // A signed storage URL (its path carries the signature), or any other address: one label.
    expect(partnerApiRoute('https://api.practice.example/storage/abc123def456abc123def456/doc.pdf?sig=x', BASE)).toBe(
      'storage',
    );
    expect(partnerApiRoute('https://elsewhere.example/api/v1/entities/list', BASE)).toBe('storage');
  });

  it('counts each try by route and status class, 429s apart, and failures without an answer', async () => {
    const metrics = createHubMetrics();
    const answers = [200, 429, 503];
    const counted = metrics.partnerApiFetch(async () => {
      const status = answers.shift();
      if (status === undefined) throw new TypeError('fetch failed');
      return new Response('{}', { status });
    }, BASE);
    for (let i = 0; i < 3; i++) await counted(`${BASE}/api/v1/entities/list?pageNumber=${i}`);
    await expect(counted(new URL(`${BASE}/api/v1/bills/7`))).rejects.toThrow('fetch failed');
    const text = await metrics.text();
    const requests = 'practice_hub_partner_api_requests_total';
    expect(sampleValue(text, requests, { route: '/entities/list', status_class: '2xx' })).toBe(1);
    expect(sampleValue(text, requests, { route: '/entities/list', status_class: '4xx' })).toBe(1);
    expect(sampleValue(text, requests, { route: '/entities/list', status_class: '5xx' })).toBe(1);
    expect(sampleValue(text, requests, { route: '/bills/:id', status_class: 'failed' })).toBe(1);
    expect(sampleValue(text, 'practice_hub_partner_api_rate_limited_total', { route: '/entities/list' })).toBe(1);
  });

  it('keeps each hub on a registry of its own: two in one process neither collide nor share counts', async () => {
    const one = createHubMetrics();
    const two = createHubMetrics();
    one.readThrough('hit');
    one.readThrough('hit');
    two.readThrough('miss');
    one.webhookAnswered('stored', 0.012);
    const [first, second] = [await one.text(), await two.text()];
    expect(sampleValue(first, 'practice_hub_read_through_total', { result: 'hit' })).toBe(2);
    expect(sampleValue(second, 'practice_hub_read_through_total', { result: 'hit' })).toBe(0);
    expect(sampleValue(second, 'practice_hub_read_through_total', { result: 'miss' })).toBe(1);
    expect(sampleValue(first, 'practice_hub_webhook_ack_seconds_bucket', { le: '0.025' })).toBe(1);
    expect(sampleValue(second, 'practice_hub_webhook_ack_seconds_count', {})).toBe(0);
    // Each has the process's own metrics too.
    for (const text of [first, second])
      expect(parsePrometheusText(text).has('process_cpu_user_seconds_total')).toBe(true);
  });
});
