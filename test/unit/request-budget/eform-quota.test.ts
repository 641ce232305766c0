import { describe, expect, it } from 'vitest';
import { isEformQuotaRefusal, quotaResetAt, spendsEformQuota } from '../../../src-main/partner-api/eform-quota';
import { T0 } from './helpers';

const headers = (values: Record<string, string>) => new Headers(values);
const refusal = (limit: string, remaining: string, retryAfter: string) =>
  headers({ 'X-RateLimit-Limit': limit, 'X-RateLimit-Remaining': remaining, 'Retry-After': retryAfter });

describe('an eForm’s 429: the daily quota or the rate limit', () => {
  it('only sending eForms spends the quota', () => {
    expect(spendsEformQuota('POST', 'https://anz.example/api/v1/eforms')).toBe(true);
    expect(
      spendsEformQuota('post', 'http://127.0.0.1:4010/anz/api/v1/eforms/1b4e28ba-2fa1-11d2-883f-0016d3cca427/send'),
    ).toBe(true);
    expect(spendsEformQuota('GET', 'https://anz.example/api/v1/eforms/templates')).toBe(false);
    expect(spendsEformQuota('POST', 'https://anz.example/api/v1/eforms/templates')).toBe(false);
    expect(spendsEformQuota('POST', 'https://anz.example/api/v1/leads')).toBe(false);
  });

  it('decided by what the answer says, never by whether the Limit equals a window’s', () => {
    const quotaBody = { title: 'Too Many Requests', detail: 'The daily eForm quota (60) is used up.' };
    const rateBody = { title: 'Too Many Requests', detail: 'Rate limit exceeded. Retry after 20 seconds.' };
    for (const limit of ['60', '1000', '0', '200'])
      expect(isEformQuotaRefusal(refusal(limit, '0', '54000'), quotaBody, T0)).toBe(true);
    expect(isEformQuotaRefusal(refusal('60', '0', '20'), rateBody, T0)).toBe(false);
    // No body to go by: an exhausted window refusing for minutes is the rate limit; anything else the quota.
    expect(isEformQuotaRefusal(refusal('60', '0', '20'), null, T0)).toBe(false);
    expect(isEformQuotaRefusal(refusal('1000', '0', '54000'), null, T0)).toBe(true);
    expect(isEformQuotaRefusal(refusal('200', '1', '20'), null, T0)).toBe(true); // a rate refusal has none left
    expect(isEformQuotaRefusal(refusal('0', '0', '20'), null, T0)).toBe(true);
  });

  it('the quota resets at Retry-After, else X-RateLimit-Reset, else the next UTC midnight', () => {
    expect(quotaResetAt(headers({ 'Retry-After': '3600' }), T0)).toBe(T0 + 3_600_000);
    expect(quotaResetAt(headers({ 'X-RateLimit-Reset': String(T0 / 1000 + 600) }), T0)).toBe(T0 + 600_000);
    expect(quotaResetAt(headers({}), T0)).toBe(Date.UTC(2030, 0, 8));
  });
});
