import { formatRedacted } from './redact';

export type LogLevel = 'info' | 'warn' | 'error';

/** What main's code logs through (injected: electron-log in the app, a file writer in the preview and tests). */
export interface Logger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** A logger that also keeps the last lines (already redacted) for "Copy diagnostics", and knows its folder. */
export interface DiagnosticLogger extends Logger {
  recentLines(): string[];
  /** The folder the log files are in; null when nothing is written to disk. */
  readonly logsDir: string | null;
}

export const RECENT_LINES = 200;
/** One log line at most this long: a huge body or a runaway loop must not fill a 1 MB file in one write. */
export const MAX_LINE_CHARS = 16_000;

/**
 * The shared part of every logger: arguments are redacted and formatted here, once, before anything
 * else sees them; the last lines stay in memory; `write` gets the finished, redacted text.
 */
export function createLogger(options: {
  write: (level: LogLevel, text: string, line: string) => void;
  logsDir: string | null;
  now?: () => Date;
  keep?: number;
}): DiagnosticLogger {
  const keep = options.keep ?? RECENT_LINES;
  const now = options.now ?? (() => new Date());
  const recent: string[] = [];
  const log = (level: LogLevel, args: unknown[]): void => {
    // Cut to the line cap before the line is redacted as a whole, so a huge line costs no more than a long one.
    const text = formatRedacted(args, MAX_LINE_CHARS);
    const line = `[${now().toISOString()}] [${level}] ${text}`;
    recent.push(line);
    if (recent.length > keep) recent.splice(0, recent.length - keep);
    try {
      options.write(level, text, line);
    } catch {
      // A full disk or a read-only folder must not turn a log call into a crash; the line stays in memory.
    }
  };
  return {
    info: (...args) => log('info', args),
    warn: (...args) => log('warn', args),
    error: (...args) => log('error', args),
    recentLines: () => [...recent],
    logsDir: options.logsDir,
  };
}

/** Lines in memory only (tests, and a main composed without a log folder). */
export function createMemoryLogger(): DiagnosticLogger {
  return createLogger({ write: () => undefined, logsDir: null });
}
