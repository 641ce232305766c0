import { describe, expect, it } from 'vitest';
import { submitForm } from '../../../src-main/demo-practice/routes/demo-control';
import { useHubTestBed } from './hub-test-bed';

const bed = useHubTestBed('hub-live-test-');

describe('a client’s action reaches a connected laptop through the hub', () => {
  it('turns a signed eform.submitted delivery into a re-read and a poke on the change stream', async () => {
    const demo = await bed.openDemo({ rateLimit: { enabled: false }, seed: 5 });
    const hub = await bed.startHub({ subscribeWebhooks: true });
    expect(hub.webhooks).toEqual({ subscriptions: 2, testArrived: true });
    const device = await hub.devices.add('Front desk laptop');
    const controller = new AbortController();
    const stream = await fetch(`${hub.hubUrl}/hub/v1/changes`, {
      headers: { 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token },
      signal: controller.signal,
    });
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (pattern: RegExp, ms: number): Promise<RegExpExecArray> => {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = pattern.exec(text);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`not seen within ${ms} ms: ${text}`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 200))]);
        if (chunk && !chunk.done) text += chunk.value;
      }
    };
    await until(/event: ready/, 5_000);

    // A client submits an onboarding's form at the practice: the practice signs and delivers eform.submitted.
    const state = demo.runtime.practices[0]!;
    const onboarding = [...state.onboardings.values()].find((o) => {
      const form = state.eforms.get(o.formKey);
      return form?.status === 'sent' && !form.stackKey && o.statusID !== 4 && o.statusID !== 3;
    });
    expect(onboarding).toBeDefined();
    const started = Date.now();
    submitForm(demo.runtime, onboarding!.formKey);
    const poke = await until(/event: poke\ndata: (.*)\n/, 10_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(JSON.parse(poke[1]!)).toMatchObject({ lists: expect.arrayContaining(['onboardings']) });
    const inbox = await hub.db.query<{ event_key: string }>('SELECT event_key FROM webhook_inbox');
    expect(inbox.map((row) => row.event_key)).toEqual(['eform.submitted']);
    controller.abort();
  }, 180_000);
});
