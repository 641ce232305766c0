import fc from 'fast-check';
import { actionKinds, queueAction, type ActionKind, type QueuedAction, type RunScope } from './model-actions';
import { faultCommands } from './model-fault-commands';
import { checkNeverTwice, checkReviewHolds, checkSyncKeepsLocalEdits, type Violation } from './model-invariants';
import { crashPoints, type CrashPoint, type ModelWorld } from './model-world';

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
  /** The faults injected, as kind@target (limits too). */
  faults: string[];
  /** Attempts of each entry sent once when it was first seen in needs-review. */
  held: Map<string, number>;
}

type Command = fc.AsyncCommand<Model, Real>;

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
  check = (m: Readonly<Model>) => m.queued.length < 10;
  async run(m: Model, r: Real) {
    if (process.env.MODEL_TRACE) console.log('[step]', this.toString());
    const action = await queueAction(r.world, r.scope, r.actions, this.kind, this.pick);
    if (!action) return;
    m.queued.push(this.kind);
    r.actions.push(action);
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

/**
 * A drain as the app runs one: plain, with the renderer or main dying at one point of a send (model-world.ts),
 * or from two windows at once (sharing Web Locks, or not).
 */
type DrainMode = 'plain' | CrashPoint | 'two-windows' | 'two-windows-locked';
class Drain implements Command {
  constructor(readonly mode: DrainMode) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    if (process.env.MODEL_TRACE) console.log('[step]', this.toString());
    if ((crashPoints as readonly string[]).includes(this.mode)) r.world.armCrash(this.mode as CrashPoint);
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

/** main exits between two steps (the app quit, the OS killed it) and starts again from its data folder. */
class RestartMain implements Command {
  check = () => true;
  async run(_m: Model, r: Real) {
    await r.world.restartMain();
    await afterStep(r);
  }
  toString = () => 'restartMain';
}

/**
 * Virtual time moves on. `lagging`: the practice is still working on a slow request meanwhile (it applies
 * it with a later clock, after the client has timed out, checked and perhaps sent again).
 */
class Wait implements Command {
  constructor(
    readonly ms: number,
    readonly lagging: boolean,
  ) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    if (process.env.MODEL_TRACE) console.log('[step]', this.toString());
    await r.world.advance(this.ms, this.lagging);
  }
  toString = () => `wait(${this.ms}${this.lagging ? ', lagging' : ''})`;
}

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
        { weight: 10, arbitrary: queueArb },
        { weight: 2, arbitrary: fc.boolean().map((online) => new SetOnline(online)) },
        ...faultCommands,
        {
          weight: 3,
          arbitrary: fc
            .constantFrom<DrainMode>('plain', 'plain', 'two-windows', 'two-windows-locked')
            .map((mode) => new Drain(mode)),
        },
        { weight: 2, arbitrary: fc.constantFrom(...crashPoints).map((point) => new Drain(point)) },
        { weight: 1, arbitrary: fc.constant(new RestartMain()) },
        { weight: 2, arbitrary: fc.constant(new Sync()) },
        { weight: 1, arbitrary: fc.nat(20).map((pick) => new ServerEdit(pick)) },
        { weight: 1, arbitrary: fc.constantFrom(2, 5, 13, 100).map((size) => new PageSize(size)) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.constantFrom(1_000, 60_000, 600_000), fc.boolean())
            .map(([ms, lagging]) => new Wait(ms, lagging)),
        },
      ),
    ],
    { maxCommands: 25, size: 'medium', ...(replayPath ? { replayPath } : {}) },
  );
