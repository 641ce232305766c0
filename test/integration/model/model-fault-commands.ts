import fc from 'fast-check';
import type { InjectedFault } from '../../../src-main/demo-practice/http/faults';
import { operations } from '../../../src-preload/contract/outbox/operations';
import { actionKinds, type ActionKind } from './model-actions';
import type { Model, Real } from './model-commands';
import { netFaultKinds, type NetFaultKind } from './model-net-faults';
import { SLOW_MS } from './model-world';

type Command = fc.AsyncCommand<Model, Real>;

/** The request of each operation's write (its path with any value in each parameter), or the next read. */
const faultTargets: Record<ActionKind | 'read', { method: string; path: RegExp }> = {
  ...(Object.fromEntries(
    actionKinds.map((kind) => [
      kind,
      { method: operations[kind].method, path: new RegExp(`${operations[kind].path.replace(/:\w+/g, '[^/]+')}$`) },
    ]),
  ) as Record<ActionKind, { method: string; path: RegExp }>),
  /** A sync page or a verification read. */
  read: { method: 'GET', path: /./ },
};
type FaultTarget = keyof typeof faultTargets;

/** The write of an action already queued (so the fault is likely to strike), or the next read. */
const targetOf = (r: Real, pick: number): FaultTarget =>
  pick % 5 === 4 || r.actions.length === 0 ? 'read' : r.actions[pick % r.actions.length]!.kind;

/** A one-shot fault at the practice: 5xx, resets and slowness before or after applying, or any status after. */
export class InjectFault implements Command {
  constructor(
    readonly fault: InjectedFault['fault'],
    readonly pick: number,
    readonly status: number,
    readonly electron: boolean,
  ) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const target = targetOf(r, this.pick);
    r.world.setElectronShape(this.electron);
    // A 3xx or 4xx after applying comes from a gateway in front of the practice (the practice itself never
    // applies and then refuses); a 401 may also be the practice's own, its token expiring meanwhile.
    const foreign = this.fault === 'status-after-apply' && (this.status !== 401 || this.pick % 2 === 0);
    r.world.inject({ match: faultTargets[target], fault: this.fault, status: this.status, delayMs: SLOW_MS, foreign });
    r.faults.push(`${this.fault}${this.fault === 'status-after-apply' ? this.status : ''}@${target}`);
  }
  toString = () => `fault(${this.fault}, ${this.pick}, ${this.status}, ${this.electron ? 'electron' : 'node'})`;
}

/** A one-shot failure on the laptop's side of the wire, in Node's or Electron's shape (model-net-faults.ts). */
export class InjectNetFault implements Command {
  constructor(
    readonly kind: NetFaultKind,
    readonly pick: number,
    readonly electron: boolean,
  ) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const target = targetOf(r, this.pick);
    r.world.setElectronShape(this.electron);
    r.world.netFaults.add(this.kind, faultTargets[target]);
    r.faults.push(`${this.kind}@${target}`);
  }
  toString = () => `net(${this.kind}, ${this.pick}, ${this.electron ? 'electron' : 'node'})`;
}

/** The practice's rate limit at a few requests a minute, and its eForm daily quota nearly spent, until settling. */
export class Limits implements Command {
  constructor(
    readonly perMinute: number,
    readonly eformsLeft: number,
  ) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const sent = r.world.state.eformsSentByDay.get(r.world.demo.runtime.clock.now().toISOString().slice(0, 10)) ?? 0;
    r.world.demo.configure({
      rateLimit: { enabled: true, perMinute: this.perMinute },
      // A quota of a few a day (never none: then nothing could ever go out).
      eformDailyQuota: Math.max(1, sent + this.eformsLeft),
    });
    r.faults.push(`limits(${this.perMinute}/min, ${this.eformsLeft} eForms)`);
  }
  toString = () => `limits(${this.perMinute}, ${this.eformsLeft})`;
}

// `slow` and `slow-before-apply` cost a real client timeout, so they are rare; the others are free.
const faultKind = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constantFrom<InjectedFault['fault']>(
      'fail-before-apply',
      'fail-after-apply',
      'reset-before-apply',
      'reset-after-apply',
      'truncate',
      'status-after-apply',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom<InjectedFault['fault']>('slow', 'slow-before-apply') },
);

export const faultCommands = [
  {
    weight: 5,
    arbitrary: fc
      .tuple(faultKind, fc.nat(20), fc.constantFrom(500, 502, 503, 504), fc.boolean())
      .chain(([fault, pick, status, electron]) =>
        (fault === 'status-after-apply'
          ? fc.constantFrom(301, 302, 307, 400, 401, 403, 404, 409, 422)
          : fc.constant(status)
        ).map((s) => new InjectFault(fault, pick, s, electron)),
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...netFaultKinds), fc.nat(20), fc.boolean())
      .map(([kind, pick, electron]) => new InjectNetFault(kind, pick, electron)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(3, 6, 20), fc.constantFrom(0, 1, 5))
      .map(([perMinute, left]) => new Limits(perMinute, left)),
  },
];
