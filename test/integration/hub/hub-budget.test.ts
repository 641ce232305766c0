import { describe, expect, it } from 'vitest';
import { hubTestEngine } from './hub-database';
import { useHubTestBed } from './hub-test-bed';

const bed = useHubTestBed('hub-budget-');

describe(`the hub's request budget on ${hubTestEngine}`, () => {
  it('remembers across a restart what the Client ID spent, so a restarted hub does not start with a full allowance', async () => {
    await bed.openDemo({ rateLimit: { enabled: false }, seed: 9 });
    let sent = 0;
    const counting: typeof fetch = (input, init) => {
      sent += 1;
      return fetch(input, init);
    };
    const start = () => bed.startHub({ mirrorEveryMs: 3_600_000, fetch: counting });
    let hub = await start();
    const firstRun = sent;
    expect(firstRun).toBeGreaterThan(10);
    expect(hub.budget.snapshot().usage.ownLastHour).toBe(firstRun);
    await bed.stopHub();

    hub = await start();
    // The first run's sends and the second's own: nothing forgotten.
    expect(hub.budget.snapshot().usage.ownLastHour).toBe(sent);
    expect(sent).toBeGreaterThan(firstRun);
  }, 120_000);
});
