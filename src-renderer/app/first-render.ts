import { systemClock, type Clock } from '../jobs/clock';
import type { PracticeState, PracticeStore } from '../stores/practice-store';

/** A main slow to answer gets the shell and its loading states after this long, as if nothing waited. */
export const FIRST_RENDER_WAIT_MS = 400;

/**
 * What the window's first render waits for: main's answer of which practice is shown (a few milliseconds
 * over the bridge). A render before it would draw a shell with empty screens, thrown away once the answer
 * comes, and the answer would wait in the queue while that render ran (tens of milliseconds at start).
 * The client list's first page is not waited for: it is read meanwhile (data/first-page.ts), and the shell
 * renders while that read ends. Never longer than `deadlineMs`.
 */
export function whenReadyForFirstRender(
  deps: { practice: PracticeStore; hasBridge: boolean },
  deadlineMs = FIRST_RENDER_WAIT_MS,
  timers: Pick<Clock, 'setTimeout' | 'clearTimeout'> = systemClock,
): Promise<void> {
  // Without main nothing will answer: the page shows why at once.
  if (!deps.hasBridge) return Promise.resolve();
  return new Promise((resolve) => {
    let unsubscribe: () => void = () => undefined;
    const done = () => {
      timers.clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = timers.setTimeout(done, deadlineMs);
    const answered = (state: PracticeState): boolean => {
      if (state.loaded) done();
      return state.loaded;
    };
    if (!answered(deps.practice.getState())) unsubscribe = deps.practice.subscribe((state) => void answered(state));
  });
}
