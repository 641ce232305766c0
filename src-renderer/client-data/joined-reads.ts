/**
 * A read several components share (the client header and a tab both want a client's identity): the first to
 * ask starts it, the others join the same request. It belongs to all of them, so it is cancelled only when the
 * LAST of them goes (a reference count); one leaving early must not take the answer from the others.
 */
export interface InFlightRead {
  answer: Promise<unknown>;
  users: number;
  stop: () => void;
}

/** What one component holds: the shared answer, and `leave` for when it goes (once; later calls do nothing). */
export interface JoinedRead<T> {
  answer: Promise<T>;
  leave: () => void;
}

export function joinRead<T>(
  inFlight: Map<string, InFlightRead>,
  id: string,
  read: (signal: AbortSignal) => Promise<T>,
): JoinedRead<T> {
  let entry = inFlight.get(id);
  if (!entry) {
    const controller = new AbortController();
    const started: InFlightRead = { answer: Promise.resolve(), users: 0, stop: () => controller.abort() };
    started.answer = read(controller.signal).finally(() => {
      if (inFlight.get(id) === started) inFlight.delete(id);
    });
    inFlight.set(id, started);
    entry = started;
  }
  const joined = entry;
  joined.users += 1;
  let left = false;
  return {
    answer: joined.answer as Promise<T>,
    leave: () => {
      if (left) return;
      left = true;
      joined.users -= 1;
      if (joined.users > 0 || inFlight.get(id) !== joined) return;
      // Nobody waits for it: main stops it, and the entry goes at once, so the next one to ask reads again
      // rather than joining a cancelled read.
      inFlight.delete(id);
      joined.stop();
    },
  };
}
