import { describe, expect, it } from 'vitest';
import { stopOnSignals, type StopSignal } from '../../../src-main/hub/command-line/stop-signals';

function fakeProcess() {
  const handlers = new Map<StopSignal, () => void>();
  const exits: number[] = [];
  const said: string[] = [];
  return {
    handlers,
    exits,
    said,
    deps: {
      on: (signal: StopSignal, handler: () => void) => void handlers.set(signal, handler),
      exit: (code: number) => void exits.push(code),
      say: (line: string) => void said.push(line),
    },
    send: (signal: StopSignal) => handlers.get(signal)!(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('stopOnSignals', () => {
  it('hears SIGTERM and SIGINT from the moment it is made, before the hub serves', () => {
    const proc = fakeProcess();
    stopOnSignals(proc.deps);
    expect([...proc.handlers.keys()].sort()).toEqual(['SIGINT', 'SIGTERM']);
  });

  it('a signal during the start tells the start to give up; a start that still finished is closed, with the close’s code', async () => {
    const proc = fakeProcess();
    const stopping = stopOnSignals(proc.deps);
    expect(stopping.asked.aborted).toBe(false);
    proc.send('SIGTERM');
    await settle();
    expect(stopping.asked.aborted).toBe(true);
    expect(proc.exits).toEqual([]);
    expect(proc.said.join(' ')).toMatch(/the start gives up what it still waits for/);

    let closes = 0;
    stopping.started(async () => {
      closes++;
      return 0;
    });
    await settle();
    expect(closes).toBe(1);
    expect(proc.exits).toEqual([0]);
  });

  it('a signal once it serves closes it; a second one while it closes exits 1 at once', async () => {
    const proc = fakeProcess();
    const stopping = stopOnSignals(proc.deps);
    let finish!: (code: number) => void;
    let closes = 0;
    stopping.started(
      () =>
        new Promise<number>((resolve) => {
          closes++;
          finish = resolve;
        }),
    );
    await settle();
    expect(closes).toBe(0);

    proc.send('SIGINT');
    await settle();
    expect(closes).toBe(1);
    expect(stopping.asked.aborted).toBe(true);
    expect(proc.exits).toEqual([]);
    expect(proc.said).toEqual([]);

    proc.send('SIGTERM');
    expect(proc.exits).toEqual([1]);
    expect(proc.said.join(' ')).toMatch(/Stopping now/);
    finish(0);
    await settle();
    expect(closes).toBe(1);
  });

  it('a second signal during the start exits 1 without waiting for it', () => {
    const proc = fakeProcess();
    stopOnSignals(proc.deps);
    proc.send('SIGTERM');
    proc.send('SIGTERM');
    expect(proc.exits).toEqual([1]);
  });

  it('a close that fails exits 1', async () => {
    const proc = fakeProcess();
    const stopping = stopOnSignals(proc.deps);
    stopping.started(() => Promise.reject(new Error('the database would not close')));
    proc.send('SIGTERM');
    await settle();
    expect(proc.exits).toEqual([1]);
  });
});
