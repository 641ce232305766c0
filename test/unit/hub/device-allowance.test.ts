import { describe, expect, it } from 'vitest';
import {
  createDeviceAllowance,
  DEVICE_SPEND,
  DEVICE_TRUST,
  DeviceThrottledError,
} from '../../../src-main/hub/devices/device-allowance';

function makeAllowance() {
  let now = 0;
  const clock = { now: () => now, pass: (ms: number) => void (now += ms) };
  return { clock, allowance: createDeviceAllowance({ now: clock.now }) };
}

describe('what one device may make the hub spend', () => {
  it('lets a meeting pack’s reads through at once, then one a minute', () => {
    const { clock, allowance } = makeAllowance();
    for (let i = 0; i < DEVICE_SPEND.size; i++) allowance.require('laptop').settle('useful');
    const refused = allowance.ask('laptop');
    expect(refused).toEqual({ granted: false, retryAfterMs: DEVICE_SPEND.refillEveryMs });
    clock.pass(DEVICE_SPEND.refillEveryMs);
    expect(allowance.ask('laptop').granted).toBe(true);
    // Another device has its own allowance.
    expect(allowance.ask('other').granted).toBe(true);
  });

  it('holds a try per costly ask until its answer, and keeps it spent when the ask found nothing', () => {
    const { clock, allowance } = makeAllowance();
    const open = Array.from({ length: DEVICE_TRUST.size }, () => allowance.require('hostile'));
    // As many in flight as it has tries: the next waits, whatever its spend allows.
    expect(allowance.ask('hostile').granted).toBe(false);
    for (const ticket of open) ticket.settle('wasted');
    const refused = allowance.ask('hostile');
    expect(refused.granted).toBe(false);
    expect(!refused.granted && refused.retryAfterMs).toBe(DEVICE_TRUST.refillEveryMs);
    expect(() => allowance.require('hostile')).toThrow(DeviceThrottledError);
    clock.pass(DEVICE_TRUST.refillEveryMs);
    const again = allowance.require('hostile');
    again.settle('useful');
    again.settle('wasted'); // settled once only
    expect(allowance.ask('hostile').granted).toBe(true);
  });

  it('counts asks the hub refused for free (an unknown client) as strikes, never below empty', () => {
    const { clock, allowance } = makeAllowance();
    for (let i = 0; i < 1_000; i++) allowance.strike('prober');
    expect(allowance.ask('prober').granted).toBe(false);
    // A thousand strikes cost the same wait as four: one try back after the refill time.
    clock.pass(DEVICE_TRUST.refillEveryMs);
    expect(allowance.ask('prober').granted).toBe(true);
  });

  it('bounds a hostile device to its tries plus one per refill over ten minutes', () => {
    const { clock, allowance } = makeAllowance();
    let spent = 0;
    for (let second = 0; second < 600; second++) {
      for (let i = 0; i < 20; i++) {
        const answer = allowance.ask('hostile');
        if (answer.granted) {
          spent += 1;
          answer.settle('wasted');
        }
      }
      clock.pass(1_000);
    }
    // Four at once, then one when the first try came back at five minutes (the second is due at ten).
    expect(spent).toBe(DEVICE_TRUST.size + 1);
  });
});
