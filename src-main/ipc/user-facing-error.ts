import type { UserErrorCode } from '../../src-preload/contract/companion';

/**
 * An error whose message is a plain sentence meant for the user. Only these cross the bridge as they
 * are (with their code); any other error thrown by a handler reaches the renderer as a fixed sentence,
 * because its text may hold paths, server internals or stack fragments. `cause` (the underlying error)
 * goes to main's log only.
 */
export class UserFacingError extends Error {
  constructor(
    readonly code: UserErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UserFacingError';
  }
}
