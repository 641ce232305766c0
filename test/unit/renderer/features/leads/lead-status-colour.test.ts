import { describe, expect, it } from 'vitest';
import { leadStatuses } from '../../../../../src-preload/contract/partner-api';
import { leadStatusColour } from '../../../../../src-renderer/features/leads/lead-status-colour';

describe('lead status colours by meaning', () => {
  it('won is green, lost is red, new is blue', () => {
    expect(leadStatusColour.Converted).toBe('green');
    expect(leadStatusColour.Lost).toBe('red');
    expect(leadStatusColour.New).toBe('blue');
  });

  it('every status of the contract has a colour, and the stages of the pipeline differ', () => {
    for (const status of leadStatuses) expect(leadStatusColour[status]).toBeTruthy();
    expect(new Set(leadStatuses.map((s) => leadStatusColour[s])).size).toBe(leadStatuses.length);
  });
});
