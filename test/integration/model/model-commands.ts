import fc from 'fast-check';
import type { InjectedFault } from '../../../src-main/demo-practice/http/faults';
import { actionKinds, canQueue, queueAction, type ActionKind, type QueuedAction, type RunScope } from './model-actions';
import { checkNeverTwice, checkReviewHolds, checkSyncKeepsLocalEdits, type Violation } from './model-invariants';
import { SLOW_MS, type ModelWorld } from './model-world';

/** What the model knows: whether the network is up, and what the user has queued so far. */
export interface Model {
  online: boolean;
  queued: ActionKind[];
}

/** The system under test for one run, and what it has seen go wrong along the way. */
export interface Real {
  world: ModelWorld;
  scope: RunScope;
  actions: QueuedAction[];
  violations: Violation[];
  /** Sync passes that did not finish (allowed while faults are about; the final sync must finish). */
  syncFailures: string[];
  /** The faults injected, as kind@target. */
  faults: string[];
  /** Attempts of each billable entry when it was first seen in needs-review. */
  held: Map<string, number>;
}

type Command = fc.AsyncCommand<Model, Real>;

/** The request each fault target stands for: the write of one operation, or the next read. */
const faultTargets = {
  'contact.create': { method: 'POST', path: /\/contacts$/ },
  'contact.update': { method: 'PUT', path: /\/contacts\/\d+$/ },
  'eform.create': { method: 'POST', path: /\/eforms$/ },
  'bill.createAdhoc': { method: 'POST', path: /\/bills$/ },
  'lead.create': { method: 'POST', path: /\/leads$/ },
  'lead.addNote': { method: 'POST', path: /\/notes$/ },
  'onboarding.setCustomFields': { method: 'PUT', path: /\/custom-fields$/ },
  'onboarding.complete': { method: 'POST', path: /\/complete$/ },
  /** A sync page or a verification read. */
  read: { method: 'GET', path: /./ },
} as const;
type FaultTarget = keyof typeof faultTargets;

/** After a step: what broke, each thing once per run. */
function record(r: Real, violations: readonly Violation[]): void {
  for (const v of violations)
    if (!r.violations.some((known) => known.invariant === v.invariant && known.detail === v.detail))
      r.violations.push(v);
}

export async function afterStep(r: Real): Promise<void> {
  record(r, checkNeverTwice(r.world, r.actions));
  record(r, await checkReviewHolds(r.world, r.actions, r.held));
}

class QueueAction implements Command {
  constructor(
    readonly kind: ActionKind,
    readonly pick: number,
  ) {}
  check = (m: Readonly<Model>) =>
    m.queued.length < 8 && (this.kind !== 'onboarding.complete' || !m.queued.includes(this.kind));
  async run(m: Model, r: Real) {
    if (!canQueue(r.world, r.scope, r.actions, this.kind)) return;
    m.queued.push(this.kind);
    r.actions.push(await queueAction(r.world, r.scope, r.actions, this.kind, this.pick));
  }
  toString = () => `queue(${this.kind}, ${this.pick})`;
}

class SetOnline implements Command {
  constructor(readonly online: boolean) {}
  check = (m: Readonly<Model>) => m.online !== this.online;
  async run(m: Model, r: Real) {
    m.online = this.online;
    r.world.setOnline(this.online);
  }
  toString = () => (this.online ? 'online' : 'offline');
}

/** A one-shot fault for the write of an action already queued (so it is likely to strike), or for the next read. */
class InjectFault implements Command {
  constructor(
    readonly fault: InjectedFault['fault'],
    readonly pick: number,
    readonly status: 500 | 502 | 503,
    readonly electron: boolean,
  ) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const target: FaultTarget =
      this.pick % 5 === 4 || r.actions.length === 0 ? 'read' : r.actions[this.pick % r.actions.length]!.kind;
    r.world.setElectronShape(this.electron);
    r.world.inject({ match: faultTargets[target], fault: this.fault, status: this.status, delayMs: SLOW_MS });
    r.faults.push(`${this.fault}@${target}`);
  }
  toString = () => `fault(${this.fault}, ${this.pick}, ${this.status}, ${this.electron ? 'electron' : 'node'})`;
}

/** A drain as the app runs one: plain, with the window dying mid-send, or from two windows at once (sharing Web Locks, or not). */
type DrainMode = 'plain' | 'crash' | 'two-windows' | 'two-windows-locked';
class Drain implements Command {
  constructor(readonly mode: DrainMode) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    if (this.mode === 'crash') r.world.armCrash();
    if (this.mode.startsWith('two-windows')) {
      const locked = this.mode === 'two-windows-locked';
      await Promise.all([r.world.drain(locked), r.world.drain(locked)]);
    } else await r.world.drain();
    r.world.disarmCrash();
    await afterStep(r);
  }
  toString = () => `drain(${this.mode})`;
}

class Sync implements Command {
  check = (m: Readonly<Model>) => m.online;
  async run(_m: Model, r: Real) {
    try {
      await r.world.sync();
    } catch (error) {
      r.syncFailures.push(String(error));
    }
    record(r, await checkSyncKeepsLocalEdits(r.world, r.actions));
    await afterStep(r);
  }
  toString = () => 'sync';
}

/** A staff member edits a contact of the run's clients at the practice, so the next sync brings it. */
class ServerEdit implements Command {
  constructor(readonly pick: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const client = r.scope.clients[this.pick % r.scope.clients.length]!;
    const contacts = [...r.world.state.contacts.values()].filter(
      (c) => c.entityKey === client.entityKey && !c.isDeleted && c.entityContactID > 0,
    );
    const contact = contacts[this.pick % contacts.length];
    if (!contact) return;
    const updatedOn = r.world.demo.runtime.clock.now().toISOString();
    r.world.state.contacts.set(contact.entityContactID, {
      ...contact,
      mobile: `+61 400 ${String(this.pick).padStart(3, '0')} ${r.scope.n % 1000}`,
      updatedOn,
    });
  }
  toString = () => `serverEdit(${this.pick})`;
}

class PageSize implements Command {
  constructor(readonly size: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    r.world.demo.configure({ pageSize: this.size });
  }
  toString = () => `pageSize(${this.size})`;
}

class Wait implements Command {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    await r.world.advance(this.ms);
  }
  toString = () => `wait(${this.ms})`;
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
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom<InjectedFault['fault']>('slow', 'slow-before-apply') },
);

const queueArb = fc
  .tuple(fc.constantFrom(...actionKinds), fc.nat(20))
  .map(([kind, pick]) => new QueueAction(kind, pick));

/**
 * Short random sequences of user actions, network changes, faults, drains and syncs. `replayPath` is
 * fast-check's record of which commands ran, needed (with seed and path) to replay a shrunk run.
 */
export const modelCommands = (replayPath?: string) =>
  fc.commands<Model, Real, false>(
    [
      fc.oneof(
        { weight: 6, arbitrary: queueArb },
        { weight: 2, arbitrary: fc.boolean().map((online) => new SetOnline(online)) },
        {
          weight: 5,
          arbitrary: fc
            .tuple(faultKind, fc.nat(20), fc.constantFrom<500 | 502 | 503>(500, 502, 503), fc.boolean())
            .map(([fault, pick, status, electron]) => new InjectFault(fault, pick, status, electron)),
        },
        {
          weight: 4,
          arbitrary: fc
            .constantFrom<DrainMode>('plain', 'plain', 'crash', 'two-windows', 'two-windows-locked')
            .map((mode) => new Drain(mode)),
        },
        { weight: 2, arbitrary: fc.constant(new Sync()) },
        { weight: 1, arbitrary: fc.nat(20).map((pick) => new ServerEdit(pick)) },
        { weight: 1, arbitrary: fc.constantFrom(2, 5, 13, 100).map((size) => new PageSize(size)) },
        { weight: 1, arbitrary: fc.constantFrom(1_000, 60_000, 600_000).map((ms) => new Wait(ms)) },
      ),
    ],
    { maxCommands: 15, ...(replayPath ? { replayPath } : {}) },
  );
