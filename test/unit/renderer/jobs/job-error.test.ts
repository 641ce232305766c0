import { describe, expect, it } from 'vitest';
import { JobError } from '../../../../src-renderer/jobs/job-error';

describe('JobError: a background job’s failure for main’s log', () => {
  it('keeps the original stack, the job, the item and the attempt; the original is the cause', () => {
    const original = new TypeError('Cannot read properties of undefined');
    const error = new JobError('document-requests', original, { itemId: 'bill:1042', attempt: 3 });
    expect(error.message).toBe(
      'Background job document-requests (item bill:1042, attempt 3): TypeError: Cannot read properties of undefined',
    );
    expect(error.stack).toContain(original.stack!);
    expect(error.cause).toBe(original);
  });

  it('a run’s failure names just the job', () => {
    expect(new JobError('sync', new Error('boom')).message).toMatch(/^Background job sync: .*boom/);
  });
});
