import { describe, expect, it } from 'vitest';
import { BridgeError, INTERNAL_FAILURE_MESSAGE } from '../../../../../src-preload/contract/companion';
import { failureWords } from '../../../../../src-preload/contract/failure-words';
import {
  describeFailure,
  failureDiagnostics,
  rendererFailureWords,
  UserFacingFailure,
} from '../../../../../src-renderer/ui/words/describe-failure';

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('failure words in the window', () => {
  it("shows main's sentence for a refusal main meant the user to read, and a fixed one for any other bridge failure", () => {
    expect(describeFailure(new BridgeError('refused', 'That practice is not the active one.'))).toBe(
      'That practice is not the active one.',
    );
    expect(describeFailure(new BridgeError('handler-failed', 'anything'))).toBe(INTERNAL_FAILURE_MESSAGE);
    expect(describeFailure(new BridgeError('invalid-payload', 'at path body.lines[0]: Expected number'))).not.toMatch(
      /path|Expected/,
    );
  });

  it('shows a sentence the window wrote for the user as it is', () => {
    expect(describeFailure(new UserFacingFailure('Nothing was changed.'))).toBe('Nothing was changed.');
  });

  it('never shows an error’s own text: the database, a schema, the system and anything else each have one sentence', () => {
    const raw = [
      named('DatabaseClosedError', 'Database has been closed: InvalidStateError at IDBDatabase.transaction'),
      named('ConstraintError', 'Key already exists in the object store.'),
      named('QuotaExceededError', 'The quota has been exceeded.'),
      named('ZodError', '[{"code":"invalid_type","path":["amountDue"]}]'),
      new DOMException('Document is not focused.', 'NotAllowedError'),
      new TypeError("Cannot read properties of undefined (reading 'entityKey')"),
      'a thrown string',
      { weird: true },
    ];
    const shown = raw.map(describeFailure);
    expect(shown).toEqual([
      rendererFailureWords.storage,
      rendererFailureWords.storage,
      rendererFailureWords.storageFull,
      failureWords.malformed,
      rendererFailureWords.notAllowed,
      rendererFailureWords.unexpected,
      rendererFailureWords.unexpected,
      rendererFailureWords.unexpected,
    ]);
  });

  it('keeps the raw text apart, for the log and the reporter', () => {
    expect(failureDiagnostics(new TypeError('x is undefined'))).toBe('TypeError: x is undefined');
    expect(failureDiagnostics('plain')).toBe('plain');
    expect(failureDiagnostics({ code: 7 })).toBe('{"code":7}');
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(failureDiagnostics(cyclic)).toBe('[object Object]');
  });
});
