import { createPartnerApiClient } from '../../partner-api/partner-api-client';
import { realTimer } from '../../request-budget/budget-timer';
import { createMemoryBudgetStore } from '../../request-budget/budget-store';
import { createRequestBudget } from '../../request-budget/request-budget';
import { checkServerAddress } from '../../security/server-address';
import { readSecrets } from '../secrets-file';
import { subscribeToEvents } from './demo-subscription';
import { WEBHOOK_PATH } from './webhook-path';

/** How long the command waits for the running hub to receive the test delivery. */
export const TEST_DELIVERY_WAIT_MS = 15_000;

/**
 * `webhooks subscribe --url https://…/webhooks/partner`: run beside the RUNNING hub, on its machine and
 * data folder. It subscribes the address to every event key, replacing this hub's earlier subscriptions,
 * and stores the secrets in the secrets file (the running hub reads them at each delivery); then asks for
 * a test delivery, which the running hub receives, verifies and records in the data folder, and says
 * whether it arrived. If it did not, the hub still works, on its 5-minute polling pass.
 */
export async function runWebhooksCommand(
  args: readonly string[],
  options: {
    dataDir: string;
    apiUrl: string | undefined;
    url: string | undefined;
    waitMs?: number;
    fetch?: typeof fetch;
  },
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  if (args[0] !== 'subscribe' || args.length > 1)
    throw new Error('Use: webhooks subscribe --url https://<hub address>/webhooks/partner --api-url <Partner API>.');
  const hook = checkServerAddress(options.url ?? '');
  if (!options.url || !hook.ok || !hook.address.endsWith(WEBHOOK_PATH))
    throw new Error(`Give --url: the hub's public https address ending in ${WEBHOOK_PATH}.`);
  const stored = readSecrets(options.dataDir).partnerApi;
  if (!options.apiUrl || !stored)
    throw new Error('Give --api-url, with the practice’s Client credentials in the data folder’s secrets.json.');
  const { clientId, secret } = stored;
  const api = createPartnerApiClient({
    baseUrl: options.apiUrl,
    credentials: () => ({ clientId, secret }),
    fetch: options.fetch ?? fetch,
    budget: createRequestBudget({ clientId, timer: realTimer, store: createMemoryBudgetStore() }),
  });
  const outcome = await subscribeToEvents(api, {
    dataDir: options.dataDir,
    hookUrl: hook.address,
    waitMs: options.waitMs ?? TEST_DELIVERY_WAIT_MS,
    replaceEarlier: true,
  });
  const seconds = Math.round((options.waitMs ?? TEST_DELIVERY_WAIT_MS) / 1000);
  write(
    JSON.stringify({
      ...outcome,
      message: outcome.testArrived
        ? `Subscribed to ${outcome.subscriptions} events; the test delivery reached the hub. Changes now reach laptops within seconds.`
        : `Subscribed to ${outcome.subscriptions} events, but the test delivery did not reach the hub within ${seconds} s: the hub runs on polling (every 5 minutes). Check that the hub is running and that ${hook.address} reaches it from the internet.`,
    }),
  );
  return outcome.testArrived ? 0 : 1;
}
