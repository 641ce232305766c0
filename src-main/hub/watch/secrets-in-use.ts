import { readSecrets } from '../secrets-file';
import type { HubLogging } from './hub-log';

/**
 * The secrets the running hub reads from its data folder's secrets file: the webhook secrets at each
 * delivery and the metrics token at each scrape from off this machine, so either may change while the hub
 * runs (`webhooks subscribe`, an administrator). Each one read is hidden from the hub's log by value.
 */
export function secretsInUse(dataDir: string, logging: HubLogging) {
  const inUse = {
    webhookSecrets(): string[] {
      const secrets = Object.values(readSecrets(dataDir).webhooks);
      secrets.forEach(logging.hide);
      return secrets;
    },
    /** Undefined when none is set, or when the file cannot be read now (said in the log; loopback still works). */
    metricsToken(): string | undefined {
      try {
        const token = readSecrets(dataDir).metricsToken;
        logging.hide(token);
        return token;
      } catch (error) {
        logging.log.warn({ err: error }, 'could not read the metrics token from the secrets file');
        return undefined;
      }
    },
  };
  // Hidden from the first line on, before anything could quote them.
  inUse.webhookSecrets();
  inUse.metricsToken();
  return inUse;
}
