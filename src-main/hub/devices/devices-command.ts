import { z } from 'zod';
import { readAdminEndpoint, type AdminEndpoint } from '../admin/admin-file';
import { ADMIN_DEVICES_PATH } from '../admin/admin-listener';
import { openHubDatabase } from '../db/database';
import { migrate } from '../db/migrations';
import { announceRevocation } from '../db/signals';
import { createDeviceRegistry } from './devices';
import { describeNewDevice } from './new-device';

const USAGE = 'Use: devices add "<name>" | devices list | devices revoke <id>.';

/** The running hub could not be reached at the address it wrote (it stopped, or was killed): use the database. */
class HubNotRunning extends Error {}

/**
 * `devices add <name>`, `devices list`, `devices revoke <id>`. Through the running hub when one serves this
 * data folder (its administration listener: the only way on PGlite, whose folder the hub holds, and the way
 * a revocation reaches the device's open streams at once); else on the database directly — on PostgreSQL
 * with a signal every running hub process hears, so the revoked device's streams end there too.
 */
export async function runDevicesCommand(
  args: readonly string[],
  options: { dataDir: string; databaseUrl?: string | undefined; fetch?: typeof fetch },
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  const [action, argument] = args;
  if (action !== 'add' && action !== 'list' && action !== 'revoke') throw new Error(USAGE);
  if ((action === 'add' || action === 'revoke') && !argument?.trim())
    throw new Error(action === 'add' ? 'Name the device: devices add "Front desk laptop".' : 'Give the device id.');
  const command = { action: action as 'add' | 'list' | 'revoke', argument: argument?.trim().slice(0, 100) ?? '' };
  // A device id is the UUID `devices add` printed: anything else names no device (and is sent nowhere).
  if (action === 'revoke' && !/^[A-Za-z0-9-]+$/.test(command.argument)) {
    write(JSON.stringify({ error: `No active device ${command.argument}.` }));
    return 1;
  }
  const endpoint = readAdminEndpoint(options.dataDir);
  if (endpoint) {
    try {
      return await throughRunningHub(endpoint, command, options.fetch ?? fetch, write);
    } catch (error) {
      if (!(error instanceof HubNotRunning)) throw error;
    }
  }
  return onDatabase(command, options, write);
}

async function throughRunningHub(
  endpoint: AdminEndpoint,
  command: { action: 'add' | 'list' | 'revoke'; argument: string },
  fetchFn: typeof fetch,
  write: (line: string) => void,
): Promise<number> {
  const path = command.action === 'revoke' ? `${ADMIN_DEVICES_PATH}/${command.argument}/revoke` : ADMIN_DEVICES_PATH;
  let response: Response;
  try {
    response = await fetchFn(`${endpoint.url}${path}`, {
      method: command.action === 'list' ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${endpoint.secret}`, 'content-type': 'application/json' },
      ...(command.action === 'add' ? { body: JSON.stringify({ name: command.argument }) } : {}),
      ...(command.action === 'revoke' ? { body: '{}' } : {}),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new HubNotRunning();
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 401)
    throw new Error('The running hub refused the administration secret in admin.json: restart the hub.');
  if (response.status === 404 && command.action === 'revoke') {
    write(JSON.stringify(z.object({ error: z.string() }).parse(body)));
    return 1;
  }
  if (!response.ok) throw new Error(`The running hub answered ${response.status}: ${JSON.stringify(body)}`);
  write(JSON.stringify(body));
  return 0;
}

async function onDatabase(
  command: { action: 'add' | 'list' | 'revoke'; argument: string },
  options: { dataDir: string; databaseUrl?: string | undefined },
  write: (line: string) => void,
): Promise<number> {
  const db = await openHubDatabase(options);
  try {
    await migrate(db);
    const devices = createDeviceRegistry(db);
    if (command.action === 'add') {
      write(JSON.stringify(describeNewDevice(options.dataDir, command.argument, await devices.add(command.argument))));
      return 0;
    }
    if (command.action === 'list') {
      write(JSON.stringify(await devices.list()));
      return 0;
    }
    if (await devices.revoke(command.argument)) {
      await announceRevocation(db, command.argument);
      write(JSON.stringify({ revoked: command.argument }));
      return 0;
    }
    write(JSON.stringify({ error: `No active device ${command.argument}.` }));
    return 1;
  } finally {
    await db.close();
  }
}
