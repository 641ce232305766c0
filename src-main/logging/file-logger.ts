import { appendFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger, type DiagnosticLogger } from './logger';
import { LOG_FILES_KEPT, LOG_MAX_BYTES, rotateLogFiles } from './rotation';

/**
 * Node's logger (browser preview, tests): redacted lines appended to `<dir>/main.log`, owner-only,
 * rotated as the app's electron-log file is (5 files of at most 1 MB each).
 */
export function createFileLogger(options: {
  dir: string;
  fileName?: string;
  maxBytes?: number;
  kept?: number;
  /** Also echo to the console (the preview's terminal); off in tests. */
  echo?: boolean;
  now?: () => Date;
}): DiagnosticLogger {
  const filePath = join(options.dir, options.fileName ?? 'main.log');
  const maxBytes = options.maxBytes ?? LOG_MAX_BYTES;
  let size: number | null = null;
  const currentSize = (): number => {
    if (size === null) {
      mkdirSync(options.dir, { recursive: true, mode: 0o700 });
      try {
        size = statSync(filePath).size;
      } catch {
        size = 0;
      }
    }
    return size;
  };
  return createLogger({
    logsDir: options.dir,
    ...(options.now ? { now: options.now } : {}),
    write(level, _text, line) {
      const bytes = Buffer.byteLength(line) + 1;
      if (currentSize() > 0 && currentSize() + bytes > maxBytes) {
        rotateLogFiles(filePath, options.kept ?? LOG_FILES_KEPT);
        size = 0;
      }
      appendFileSync(filePath, `${line}\n`, { mode: 0o600 });
      size = currentSize() + bytes;
      if (options.echo) (level === 'info' ? console.log : level === 'warn' ? console.warn : console.error)(line);
    },
  });
}
