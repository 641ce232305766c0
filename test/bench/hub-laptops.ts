import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const CHILD = fileURLToPath(new URL('./hub-laptop-child.ts', import.meta.url));

export interface LaptopResult {
  seconds: number;
  clients: number;
  contacts: number;
  hubRequests: number;
  /** ms from sending each request to the hub to its answer's headers. */
  hubAnswerMs: number[];
  /** Requests main sent anywhere but the hub (the Partner API included). */
  elsewhere: number;
  /** Resources that failed by name (what the hub does not serve yet). */
  failed: string;
}

export interface FixtureResult {
  seconds: number;
  records: number;
  pages: number;
  clients: number;
  contacts: number;
}

/**
 * A laptop process (hub-laptop-child.ts): `ready()` when it is connected and waiting, `go()` starts its import,
 * `done()` resolves with what it printed last. The process is ours: it is ended by its own pid if it fails.
 */
function startLaptopProcess<T>(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const messages: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    messages.push(JSON.parse(line) as Record<string, unknown>);
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  async function next(key: string): Promise<Record<string, unknown>> {
    for (;;) {
      const found = messages.find((m) => m[key] === true);
      if (found) return found;
      const woke = new Promise<'line'>((resolve) => waiters.push(() => resolve('line')));
      if ((await Promise.race([woke, exited])) !== 'line')
        throw new Error(`a laptop process ended before saying "${key}"`);
    }
  }
  return {
    ready: () => next('ready').then(() => undefined),
    done: () => next('done') as Promise<T & Record<string, unknown>>,
    go: () => child.stdin.write('go\n'),
    stop: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
}

/**
 * `count` laptops, each in its own process, connected to the hub first; then all start their import at the
 * same instant. importSeconds runs from that instant until the last has stored everything the hub serves.
 */
export async function importOnLaptops(options: {
  hubUrl: string;
  enrolmentCodes: string[];
  fixtureOut: string;
}): Promise<{ importSeconds: number; laptops: LaptopResult[] }> {
  const processes = options.enrolmentCodes.map((code, i) =>
    startLaptopProcess<LaptopResult>({
      HUB_BENCH_MODE: 'hub',
      HUB_URL: options.hubUrl,
      ENROLMENT_CODE: code,
      ...(i === 0 ? { FIXTURE_OUT: options.fixtureOut } : {}),
    }),
  );
  try {
    await Promise.all(processes.map((p) => p.ready()));
    const started = performance.now();
    for (const p of processes) p.go();
    const laptops = await Promise.all(processes.map((p) => p.done()));
    return { importSeconds: (performance.now() - started) / 1000, laptops };
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
  }
}

/** One laptop process alone ingesting the pages the first laptop received, from a file (no network). */
export async function ingestFixture(fixture: string): Promise<FixtureResult> {
  const laptop = startLaptopProcess<FixtureResult>({ HUB_BENCH_MODE: 'fixture', FIXTURE_IN: fixture });
  try {
    return await laptop.done();
  } finally {
    await laptop.stop();
  }
}
