import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type TestDemo } from './support/demo';

let t: TestDemo;
beforeAll(async () => {
  t = await startDemo({ eformDailyQuota: 40 });
});
afterAll(() => t.demo.close());

const client = (withEmail = true, withMobile = true) =>
  [...t.state().entities.values()].find(
    (e) => !e.entityTerminated && Boolean(e.entityEmail) === withEmail && Boolean(e.entityMobile) === withMobile,
  )!;

describe('eForm create (contract: exactly one of templateId / name+schema / forms; unknown properties rejected)', () => {
  it('creates and sends from a template: sent, email sent, client link, billed one credit', async () => {
    const credits = t.state().wallet.eformCredits;
    const result = await t.call('POST', '/eforms', { body: { templateId: 101, entityKey: client().entityKey } });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ sent: true, emailSent: true, stackKey: null, forms: null });
    expect(result.json.accessUrl).toMatch(/^https:\/\/forms\.example\.com\/c\//);
    expect(t.state().wallet.eformCredits).toBe(credits - 1);
  });

  it('creates from name + schema', async () => {
    const result = await t.call('POST', '/eforms', {
      body: {
        name: 'Contact update',
        schema: { sections: [] },
        recipientEmail: 'sam@example.com',
        recipientName: 'Sam',
      },
    });
    expect(result.status).toBe(200);
    expect(result.json.sent).toBe(true);
  });

  it('refuses none or more than one of templateId, schema and forms', async () => {
    for (const body of [
      { recipientEmail: 'a@example.com' },
      { templateId: 101, name: 'x', schema: {}, recipientEmail: 'a@example.com' },
      { templateId: 101, forms: [{ templateId: 101 }, { templateId: 102 }] },
    ]) {
      const result = await t.call('POST', '/eforms', { body });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.json.message).toMatch(/exactly one/);
    }
  });

  it('rejects unknown properties', async () => {
    const result = await t.call('POST', '/eforms', {
      body: { templateId: 101, recipientEmail: 'a@example.com', colour: 'blue' },
    });
    expect(result.status).toBe(400);
    expect(result.json.message).toMatch(/colour/);
  });

  it('requires [Link] in emailContent', async () => {
    const bad = await t.call('POST', '/eforms', {
      body: { templateId: 101, recipientEmail: 'a@example.com', emailContent: 'Please fill in the form.' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/\[Link\]/);
    const good = await t.call('POST', '/eforms', {
      body: { templateId: 101, recipientEmail: 'a@example.com', emailContent: 'Please fill in: [Link]' },
    });
    expect(good.status).toBe(200);
  });

  it('needs a mobile for sendSms, and bills the SMS', async () => {
    const noMobile = client(true, false);
    const refused = await t.call('POST', '/eforms', {
      body: { templateId: 101, entityKey: noMobile.entityKey, sendSms: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/mobile/);
    const sms = t.state().wallet.smsCredits;
    const ok = await t.call('POST', '/eforms', {
      body: { templateId: 101, entityKey: noMobile.entityKey, sendSms: true, recipientMobile: '0412 345 678' },
    });
    expect(ok.status).toBe(200);
    expect(t.state().wallet.smsCredits).toBe(sms - 1);
  });

  it('saves a draft with the editor link when sendNow is false, and sends it later', async () => {
    const credits = t.state().wallet.eformCredits;
    const draft = await t.call('POST', '/eforms', {
      body: { templateId: 103, entityKey: client().entityKey, sendNow: false },
    });
    expect(draft.json).toMatchObject({ sent: false, emailSent: false });
    expect(draft.json.accessUrl).toMatch(/\/edit$/);
    expect(t.state().wallet.eformCredits).toBe(credits);
    const sent = await t.call('POST', `/eforms/${draft.json.formKey}/send`);
    expect(sent.json).toMatchObject({ formKey: draft.json.formKey, sent: true, emailSent: true });
    expect((await t.call('POST', `/eforms/${draft.json.formKey}/send`)).status).toBe(409);
  });

  it('with mute sends no email but the link stays active', async () => {
    const result = await t.call('POST', '/eforms', {
      body: { templateId: 101, entityKey: client().entityKey, mute: true },
    });
    expect(result.json).toMatchObject({ sent: true, emailSent: false });
    expect(result.json.accessUrl).toMatch(/forms\.example\.com/);
  });

  it('answers a non-billing send failure with 200, sent false, forms kept as drafts and nothing billed', async () => {
    const credits = t.state().wallet.eformCredits;
    const unreachable = client(false, true);
    const result = await t.call('POST', '/eforms', {
      body: { forms: [{ templateId: 101 }, { templateId: 104 }], entityKey: unreachable.entityKey },
    });
    expect(result.status).toBe(200);
    expect(result.json.sent).toBe(false);
    for (const form of result.json.forms) expect(t.state().eforms.get(form.formKey)?.status).toBe('draft');
    expect(t.state().wallet.eformCredits).toBe(credits);
  });
});

describe('eForm stacks (contract: 2 to 10 forms, in stackPosition order from one link)', () => {
  it('refuses stacks of 1 or 11 forms', async () => {
    for (const count of [1, 11]) {
      const forms = Array.from({ length: count }, () => ({ templateId: 101 }));
      const result = await t.call('POST', '/eforms', { body: { forms, recipientEmail: 'a@example.com' } });
      expect(result.status, String(count)).toBe(400);
    }
  });

  it('creates a stack in order with one link, bills each form, and completes in stackPosition order', async () => {
    const credits = t.state().wallet.eformCredits;
    const result = await t.call('POST', '/eforms', {
      body: {
        forms: [{ templateId: 101 }, { name: 'Extra', schema: { q: 1 } }, { templateId: 105 }],
        recipientEmail: 'a@example.com',
      },
    });
    expect(result.status).toBe(200);
    expect(result.json.stackKey).toBeTruthy();
    expect(result.json.forms.map((f: any) => f.stackPosition)).toEqual([1, 2, 3]);
    expect(result.json.formKey).toBe(result.json.forms[0].formKey);
    expect(t.state().wallet.eformCredits).toBe(credits - 3);
    const [first, second] = result.json.forms;
    expect(() => t.demo.submitForm(second.formKey)).toThrow(/in order/);
    expect(t.demo.submitForm(first.formKey).status).toBe('submitted');
    expect(t.demo.submitForm(second.formKey).status).toBe('submitted');
  });
});

describe('eForm billing and quota (contract: 400 without wallet balance; 429 for the daily quota)', () => {
  it('answers 400 when the wallet cannot pay, and creates nothing', async () => {
    const uk = t.state(1);
    const saved = uk.wallet.eformCredits;
    uk.wallet.eformCredits = 1;
    try {
      const before = uk.eforms.size;
      const result = await t.call('POST', '/eforms', {
        practice: 1,
        body: { forms: [{ templateId: 101 }, { templateId: 102 }], recipientEmail: 'a@example.com' },
      });
      expect(result.status).toBe(400);
      expect(result.json.message).toMatch(/Insufficient subscription or wallet balance/);
      expect(uk.eforms.size).toBe(before);
    } finally {
      uk.wallet.eformCredits = saved;
    }
  });

  it('answers 429 with Retry-After once the daily eForm quota is used', async () => {
    let status = 200;
    let last: any;
    for (let i = 0; i < 60 && status === 200; i++) {
      last = await t.call('POST', '/eforms', { body: { templateId: 101, recipientEmail: 'a@example.com' } });
      status = last.status;
    }
    expect(status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.json.detail).toMatch(/quota/);
  });

  it('lists templates and the schema guide', async () => {
    expect((await t.call('GET', '/eforms/templates')).json.length).toBeGreaterThanOrEqual(5);
    const guide = (await t.call('GET', '/eforms/schema-guide')).json;
    expect(guide.questionTypes.length).toBeGreaterThan(5);
    expect(guide.mergeFields.length).toBeGreaterThan(0);
    expect(guide.exampleSchema).toBeTruthy();
  });
});
