import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createClientFactory } from '../../../src-main/practice-session/targets';
import type { RequestBudget } from '../../../src-main/request-budget/request-budget-types';

/** A budget that records every reserve: the requests it paces. */
function recordingBudget() {
  const reserved: string[] = [];
  const budget = {
    reserve: async (priority: string) => void reserved.push(priority),
    observe: () => undefined,
  } as unknown as RequestBudget;
  return { budget, reserved };
}

describe('requests to the practice hub are not paced by the Client ID budget', () => {
  const answer: typeof fetch = async () =>
    new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });

  it('paces a direct practice by its Client ID budget, and a hub device by none', async () => {
    const asked: string[] = [];
    const { budget, reserved } = recordingBudget();
    const client = createClientFactory({
      fetch: answer,
      budgetFor: (clientId) => {
        asked.push(clientId);
        return budget;
      },
    });
    const direct = client('http://127.0.0.1:9/api/v1', 'client-id', 'secret');
    await direct.request('GET', '/users/list', z.array(z.unknown()));
    expect(asked).toEqual(['client-id']);
    expect(reserved.length).toBe(1);

    const hub = client('http://127.0.0.1:9/api/v1', 'device-id', 'token', 'hub');
    await hub.request('GET', '/users/list', z.array(z.unknown()));
    expect(asked).toEqual(['client-id']);
    expect(reserved.length).toBe(1);
  });
});
