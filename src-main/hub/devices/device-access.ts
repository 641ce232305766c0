import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { DEVICES_CHANNEL, type HubSignals } from '../db/signals';
import { createDeviceCutoff } from './device-cutoff';
import { createDeviceRegistry, type DeviceCredential, type DeviceListing } from './devices';
import type { HubLog } from '../watch/hub-log';

/**
 * The devices as one running hub process sees them: the registry in the database, and what each device has
 * open on this process. Revoking (here, through the administration route, or in another process) refuses
 * the device's next request — the database says so — and ends its requests in flight and its change streams
 * on every process at once: the revocation is announced on the devices channel, which every process hears.
 */
export function createDeviceAccess(deps: { db: Queryable; signals: HubSignals; log: HubLog }) {
  const registry = createDeviceRegistry(deps.db);
  const cutoff = createDeviceCutoff(deps.log);
  deps.signals.on(DEVICES_CHANNEL, (deviceId) => {
    if (deviceId) cutoff.cutOff(deviceId);
  });
  // Signals sent while this process was not listening are lost: the devices it has open are checked again.
  deps.signals.onResumed(() => {
    void registry
      .revokedAmong(cutoff.devicesWithOpenRequests())
      .then((revoked) => revoked.forEach((id) => cutoff.cutOff(id)))
      .catch((error: unknown) => deps.log.error({ err: error }, 'could not check the open devices for revocations'));
  });

  return {
    verify: registry.verify,
    /** Enrols a device; its token is returned once and never logged (the line names the id). */
    async add(name: string): Promise<DeviceCredential> {
      const credential = await registry.add(name);
      deps.log.info({ device: credential.id }, 'a device was enrolled');
      return credential;
    },
    list: (): Promise<DeviceListing[]> => registry.list(),
    /** True when the device was active: it is refused from now on, and what it has open ends on every process. */
    async revoke(deviceId: string): Promise<boolean> {
      if (!(await registry.revoke(deviceId))) return false;
      deps.log.info({ device: deviceId }, 'a device was revoked');
      cutoff.cutOff(deviceId);
      await deps.signals.send(DEVICES_CHANNEL, deviceId);
      return true;
    },
    /** A verified device's request: ended with its socket if the device is revoked before it is answered. */
    track(request: FastifyRequest, reply: FastifyReply): void {
      if (!request.device) return;
      const untrack = cutoff.track(request.device, () => request.raw.socket?.destroy());
      reply.raw.once('close', untrack);
    },
  };
}
export type DeviceAccess = ReturnType<typeof createDeviceAccess>;
