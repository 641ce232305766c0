import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { DemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import { enrolmentCode } from '../../src-main/hub/devices/devices';
import type { RunningHub } from '../../src-main/hub/start-hub';
import type { HubLogOptions } from '../../src-main/hub/watch/hub-log';

/** A secret as it was known, and what it is (said in a failure instead of the secret itself). */
interface Known {
  kind: string;
  value: string;
}

/** A webhook signature's shape: a secret wherever it appears, known or not. */
const SIGNATURE = /sha256=[0-9a-f]{16,}/i;

/**
 * What is wrong with a hub's log: a line that is not one JSON object with a time, a level and a message,
 * or a line carrying a secret the test knew (by value) or a webhook signature (by shape). Each finding
 * names the line's number and the secret's kind, never the secret.
 */
export function hubLogFindings(lines: readonly string[], secrets: readonly Known[]): string[] {
  const findings: string[] = [];
  lines.forEach((line, i) => {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      findings.push(`line ${i + 1} is not JSON: ${line.slice(0, 200)}`);
      return;
    }
    const fields = entry as Record<string, unknown>;
    if (typeof fields.time !== 'string' || typeof fields.level !== 'string' || typeof fields.msg !== 'string')
      findings.push(`line ${i + 1} lacks its time, level or message: ${line.slice(0, 200)}`);
    for (const { kind, value } of secrets)
      if (line.includes(value)) findings.push(`line ${i + 1} carries ${kind}: ${line.split(value).join(`<${kind}>`)}`);
    if (SIGNATURE.test(line)) findings.push(`line ${i + 1} carries a webhook signature (sha256=…)`);
  });
  return findings;
}

export interface HubLogWatch {
  /** Give a hub this (`startHub({ log })`): its lines are captured, debug level included. */
  readonly log: HubLogOptions;
  /** Every line captured so far, one JSON object each. */
  lines(): string[];
  /** Records the secrets a hub hands out from now on: each device's token and enrolment codes. */
  track(hub: RunningHub): RunningHub;
  /** The Partner API secrets of every practice of a demo. */
  knowDemo(demo: DemoPractice): void;
  /** The secrets in a data folder's secrets file (webhook secrets, the metrics token), read now. */
  knowFolder(dataDir: string): void;
  know(kind: string, value: string): void;
  /** What is wrong with the lines so far (hubLogFindings). */
  findings(): string[];
}

/**
 * The log of every hub one test file starts, checked after the file: the file fails if any line is not
 * a JSON object or carries a device token, an enrolment code, a Partner API secret, a webhook secret,
 * the metrics token or a webhook signature. Call it before whatever closes the hubs (vitest runs `afterAll`
 * hooks last-registered first, so this check runs after they closed and logged their last lines).
 */
export function useHubLogWatch(): HubLogWatch {
  const lines: string[] = [];
  const secrets = new Map<string, string>();
  const know = (kind: string, value: string | undefined) => {
    if (value && value.length >= 8) secrets.set(value, kind);
  };
  const watch: HubLogWatch = {
    log: {
      level: 'debug',
      to: { write: (text: string) => lines.push(...text.split('\n').filter((line) => line.length > 0)) },
    },
    lines: () => [...lines],
    track(hub) {
      const add = hub.devices.add.bind(hub.devices);
      hub.devices.add = async (name) => {
        const device = await add(name);
        know('a device token', device.token);
        know('an enrolment code', enrolmentCode(device));
        if (hub.certificate) know('an enrolment code', enrolmentCode(device, hub.certificate.fingerprint));
        return device;
      };
      return hub;
    },
    knowDemo(demo) {
      for (const practice of demo.practices) {
        know('a Partner API secret', practice.readWrite.secret);
        know('a Partner API secret', practice.readOnly.secret);
      }
    },
    knowFolder(dataDir) {
      const path = join(dataDir, 'secrets.json');
      if (!existsSync(path)) return;
      const file = JSON.parse(readFileSync(path, 'utf8')) as {
        partnerApi?: { secret?: string };
        webhooks?: Record<string, string>;
        metricsToken?: string;
      };
      know('a Partner API secret', file.partnerApi?.secret);
      for (const secret of Object.values(file.webhooks ?? {})) know('a webhook secret', secret);
      know('the metrics token', file.metricsToken);
    },
    know,
    findings: () =>
      hubLogFindings(
        lines,
        [...secrets].map(([value, kind]) => ({ kind, value })),
      ),
  };
  afterAll(() => {
    const findings = watch.findings();
    if (findings.length > 0)
      throw new Error(`The hub's log broke its rules (${findings.length}):\n${findings.slice(0, 20).join('\n')}`);
  });
  return watch;
}
