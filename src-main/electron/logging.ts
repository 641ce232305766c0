// electron-log's Node build: the file transport is all main needs (renderer errors come over the bridge), and it
// loads without Electron, so the glue is tested as it runs.
import log from 'electron-log/node';
import { join } from 'node:path';
import { createLogger, MAX_LINE_CHARS, type DiagnosticLogger } from '../logging/logger';
import { redactValue } from '../logging/redact';
import { LOG_FILES_KEPT, LOG_MAX_BYTES, rotateLogFiles } from '../logging/rotation';

/**
 * Main's log in the app: electron-log's file transport writing `<logs>/main.log` (app.getPath('logs')),
 * rotated to 5 files of at most 1 MB (electron-log alone keeps one `.old` file). Every line is redacted
 * by the shared logger before electron-log sees it; a hook redacts anything logged through electron-log
 * directly as well. Console warnings and errors of main's code go to the same file.
 */
export function createElectronLogger(logsDir: string, options: { routeConsole?: boolean } = {}): DiagnosticLogger {
  log.transports.file.resolvePathFn = () => join(logsDir, 'main.log');
  // electron-log rotates only once a file is over maxSize, after the write that crossed it: the margin (the
  // longest line main writes, in UTF-8 bytes, with its prefix) keeps every file within 1 MB.
  log.transports.file.maxSize = LOG_MAX_BYTES - (MAX_LINE_CHARS * 4 + 1_000);
  log.transports.file.archiveLogFn = (file) => rotateLogFiles(file.path, LOG_FILES_KEPT);
  // Owner-only: the lines are redacted, but still name practices and what the user did.
  log.transports.file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  log.hooks.push((message) => ({ ...message, data: message.data.map((item) => redactValue(item)) }));

  const logger = createLogger({
    logsDir,
    write: (level, text) => log[level](text),
  });
  // Main's code that reports with console.warn/error (the bridge's refusals and failures) reaches the file, redacted.
  // electron-log's console transport keeps the original console functions, so this cannot loop.
  if (options.routeConsole ?? true) {
    console.warn = (...args: unknown[]) => logger.warn(...args);
    console.error = (...args: unknown[]) => logger.error(...args);
  }
  return logger;
}
