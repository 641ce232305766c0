import type { OutboxLocks } from '../../src-renderer/outbox/outbox-replayer';

/** Web Locks as a browser gives them to every window of one origin: one holder per name; `ifAvailable` answers null. */
export function createMemoryWebLocks(): OutboxLocks {
  const held = new Set<string>();
  return {
    async request(name, _options, callback) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}
