import type { Page } from 'playwright-core';
import { enrolmentCode, type DeviceCredential } from '../../src-main/hub/devices/devices';
import type { RunningHub } from '../../src-main/hub/start-hub';
import type { ConnectHubInput } from '../../src-preload/contract/practice';
import type { NodeApp } from './node-companion';

type Hub = Pick<RunningHub, 'hubUrl' | 'devices'>;

/**
 * A new device on the hub and the code its administrator hands out for it, carrying `fingerprint` when the
 * laptop must pin the hub's certificate. The one core under the laptop's and the window's ways in below.
 */
export async function enrolDevice(
  hub: Hub,
  name: string,
  fingerprint?: string,
): Promise<{ device: DeviceCredential; code: string }> {
  const device = await hub.devices.add(name);
  return { device, code: enrolmentCode(device, fingerprint) };
}

/** What the connect form sends main: this code for this address, not remembered, no weak storage accepted. */
export function connectWithCode(app: NodeApp, hubUrl: string, code: string) {
  const input: ConnectHubInput = { hubUrl, enrolmentCode: code, remember: false, acceptWeakStorage: false };
  return app.companion.practice.connectHub(input);
}

/**
 * Main (composed in Node) connects through the hub with a new device's code; the laptop's own sentence is
 * thrown when the hub is refused, so a test goes on only with a connected practice.
 */
export async function connectLaptopThroughHub(
  app: NodeApp,
  hub: Hub,
  options: { deviceName?: string; fingerprint?: string } = {},
) {
  const { device, code } = await enrolDevice(hub, options.deviceName ?? 'Front desk laptop', options.fingerprint);
  const connected = await connectWithCode(app, hub.hubUrl, code);
  if (!connected.ok) throw new Error(connected.message);
  return { device, practice: connected.practice };
}

/** The window's way in: the user types the hub's address and a new device's code and presses Connect. */
export async function connectWindowThroughHub(page: Page, hub: Hub, deviceName = 'Front desk laptop'): Promise<void> {
  const { code } = await enrolDevice(hub, deviceName);
  const form = page.getByRole('form', { name: 'Connect through the practice hub' });
  await form.getByLabel('Hub address').fill(hub.hubUrl);
  await form.getByLabel('Enrolment code').fill(code);
  await form.getByRole('button', { name: 'Connect through the hub' }).click();
}
