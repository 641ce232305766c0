import { openHubDatabase } from '../db/database';
import { migrate } from '../db/migrations';
import { servedTls } from '../http/hub-tls';
import { createDeviceRegistry, enrolmentCode } from './devices';

/**
 * `devices add <name>`, `devices list`, `devices revoke <id>`. With PGlite the database is the running
 * hub's own folder, which is locked: stop the hub first (on PostgreSQL both can run at once).
 */
export async function runDevicesCommand(
  args: readonly string[],
  options: { dataDir: string; databaseUrl?: string | undefined },
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  const [action, argument] = args;
  if (action !== 'add' && action !== 'list' && action !== 'revoke')
    throw new Error('Use: devices add "<name>" | devices list | devices revoke <id>.');
  if ((action === 'add' || action === 'revoke') && !argument?.trim())
    throw new Error(action === 'add' ? 'Name the device: devices add "Front desk laptop".' : 'Give the device id.');
  const db = await openHubDatabase(options);
  try {
    await migrate(db);
    const devices = createDeviceRegistry(db);
    if (action === 'add') {
      const name = argument!.trim().slice(0, 100);
      const credential = await devices.add(name);
      // The certificate the hub last served from this folder: its fingerprint, pinned by the code when self-signed.
      const tls = servedTls(options.dataDir);
      // Shown once: the hub keeps only a hash of the token.
      write(
        JSON.stringify({
          id: credential.id,
          name,
          enrolmentCode: enrolmentCode(credential, tls?.pinned ? tls.fingerprint : null),
          fingerprint: tls?.fingerprint ?? null,
        }),
      );
      return 0;
    }
    if (action === 'list') {
      write(JSON.stringify(await devices.list()));
      return 0;
    }
    if (await devices.revoke(argument!)) {
      write(JSON.stringify({ revoked: argument }));
      return 0;
    }
    write(JSON.stringify({ error: `No active device ${argument}.` }));
    return 1;
  } finally {
    await db.close();
  }
}
