import { describe, expect, it } from 'vitest';
import { FIRST_RENDER_WAIT_MS, whenReadyForFirstRender } from '../../../../src-renderer/app/first-render';
import { createPracticeStore } from '../../../../src-renderer/stores/practice-store';

function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  return {
    timers: {
      setTimeout: (run: () => void, ms: number) => (pending.set(next, { run, ms }), next++),
      clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    },
    pending,
    fire: () => [...pending.entries()].forEach(([id, { run }]) => (pending.delete(id), run())),
  };
}

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe("the window's first render", () => {
  it('waits for main to say which practice is shown, then goes, its deadline cleared', async () => {
    const practice = createPracticeStore();
    const t = manualTimers();
    const ready = whenReadyForFirstRender({ practice, hasBridge: true }, FIRST_RENDER_WAIT_MS, t.timers);
    expect(await settled(ready)).toBe(false);
    practice.setState({ practices: [], activePracticeKey: null });
    expect(await settled(ready)).toBe(false);
    practice.setState({ loaded: true });
    expect(await settled(ready)).toBe(true);
    expect(t.pending.size).toBe(0);
  });

  it('goes at once when main has answered already, or when there is no main to answer', async () => {
    const practice = createPracticeStore();
    practice.setState({ loaded: true });
    expect(await settled(whenReadyForFirstRender({ practice, hasBridge: true }, 400, manualTimers().timers))).toBe(
      true,
    );
    const unanswered = createPracticeStore();
    expect(await settled(whenReadyForFirstRender({ practice: unanswered, hasBridge: false }))).toBe(true);
  });

  it('goes after its deadline when main is slow, and a late answer changes nothing', async () => {
    const practice = createPracticeStore();
    const t = manualTimers();
    const ready = whenReadyForFirstRender({ practice, hasBridge: true }, 400, t.timers);
    expect([...t.pending.values()].map((p) => p.ms)).toEqual([400]);
    t.fire();
    expect(await settled(ready)).toBe(true);
    practice.setState({ loaded: true });
    expect(await settled(ready)).toBe(true);
  });
});
