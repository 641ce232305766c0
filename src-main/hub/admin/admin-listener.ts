import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { z } from 'zod';
import { registerBackupRoute } from '../backup/backup-route';
import type { HubDatabase } from '../db/database';
import type { DeviceAccess } from '../devices/device-access';
import { describeNewDevice, type NewDevice } from '../devices/new-device';
import { pathRefusal } from '../http/canonical-path';
import { sendProblem } from '../http/problem';
import { newAdminSecret, removeAdminEndpoint, writeAdminEndpoint } from './admin-file';

/** The administration routes, below this prefix on the loopback listener only. */
export const ADMIN_DEVICES_PATH = '/admin/v1/devices';
const nameSchema = z.strictObject({ name: z.string().trim().min(1).max(100) });
const idSchema = z.strictObject({ id: z.string().min(1).max(100) });

/** What `devices revoke` answers, through the running hub or on the database. */
export type RevokeAnswer = { revoked: string } | { error: string };

/**
 * The running hub's administration: `devices add/list/revoke` and `backup` while it runs, which on PGlite is the only
 * way (its folder is the running hub's alone) and on PostgreSQL ends the revoked device's streams on every
 * process through the same path. A second listener, on 127.0.0.1 only, whatever `--host` the laptops use;
 * every request carries the secret the hub wrote to `DATA/admin.json` (0600) at start.
 */
export async function startAdminListener(deps: { dataDir: string; devices: DeviceAccess; db: HubDatabase }) {
  const secret = newAdminSecret();
  const expected = Buffer.from(`Bearer ${secret}`, 'utf8');
  const app = Fastify({ logger: false, bodyLimit: 4096 });
  app.addHook('onRequest', async (request, reply) => {
    const refusal = pathRefusal(request.url);
    if (refusal) return sendProblem(reply, 400, 'Bad Request', refusal, '');
    const given = Buffer.from(String(request.headers.authorization ?? ''), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return sendProblem(reply, 401, 'Unauthorized', 'Not the administration secret of this hub.', '');
  });
  app.get(ADMIN_DEVICES_PATH, async () => deps.devices.list());
  app.post(ADMIN_DEVICES_PATH, async (request, reply) => {
    const body = nameSchema.safeParse(request.body);
    if (!body.success) return sendProblem(reply, 400, 'Bad Request', 'Name the device (1–100 characters).', '');
    const added: NewDevice = describeNewDevice(deps.dataDir, body.data.name, await deps.devices.add(body.data.name));
    return added;
  });
  app.post(`${ADMIN_DEVICES_PATH}/:id/revoke`, async (request, reply): Promise<RevokeAnswer> => {
    const params = idSchema.safeParse(request.params);
    if (!params.success) return sendProblem(reply, 400, 'Bad Request', 'Give the device id.', '');
    if (await deps.devices.revoke(params.data.id)) return { revoked: params.data.id };
    return reply.code(404).send({ error: `No active device ${params.data.id}.` });
  });
  registerBackupRoute(app, deps.db);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  writeAdminEndpoint(deps.dataDir, { url: `http://127.0.0.1:${port}`, secret, pid: process.pid });
  return {
    async close(): Promise<void> {
      removeAdminEndpoint(deps.dataDir, secret);
      await app.close();
    },
  };
}
