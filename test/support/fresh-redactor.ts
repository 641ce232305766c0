import { vi } from 'vitest';
import type * as Redact from '../../src-main/logging/redact';

/**
 * The redactor as a new run of the app starts it, with no secret registered yet: a module instance of its
 * own. The secrets a run registers are kept for the whole run, so a test that needs none loads this one.
 */
export async function freshRedactor(): Promise<typeof Redact> {
  vi.resetModules();
  return import('../../src-main/logging/redact');
}
