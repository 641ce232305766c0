import { describe, expect, it } from 'vitest';
import { onboardingStatusColour } from '../../../../../src-renderer/features/onboardings/onboarding-status-colour';

describe('onboarding status colours by meaning', () => {
  it.each([
    ['Draft', 'gray'],
    ['In progress', 'blue'],
    ['Sent', 'blue'],
    ['Awaiting approval', 'amber'],
    ['Waiting on client', 'amber'],
    ['Completed', 'green'],
    ['Cancelled', 'red'],
    ['Canceled', 'red'],
  ] as const)('%s is %s', (status, colour) => {
    expect(onboardingStatusColour(status)).toBe(colour);
  });

  it('reads the name whatever its case and spacing', () => {
    expect(onboardingStatusColour('  COMPLETED ')).toBe('green');
    expect(onboardingStatusColour('waiting ON CLIENT')).toBe('amber');
  });

  it('gives a status it does not know the neutral colour, not a meaning it may not have', () => {
    expect(onboardingStatusColour('Reviewed by partner')).toBe('gray');
  });

  it('the demo practice statuses do not all share one colour', async () => {
    const { onboardingStatuses } = await import('../../../../../src-main/demo-practice/data/generate-catalogs');
    const colours = new Set(onboardingStatuses.map((s) => onboardingStatusColour(s.statusName)));
    expect(colours.size).toBe(onboardingStatuses.length);
  });
});
