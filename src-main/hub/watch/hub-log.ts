import { pino } from 'pino';
import { redactText } from '../../logging/redact';

/** The hub's logger: pino, so Fastify takes the same instance for its own lines and each request's. */
export type HubLog = pino.Logger;

/** Where the hub's JSON lines go: any writer of text (standard error by default, a capture in tests). */
export interface LogDestination {
  write(line: string): unknown;
}

export interface HubLogOptions {
  /**
   * Default standard error: the CLI's standard output carries its one JSON line (the hub's address, the
   * demo's device), which scripts read; systemd's journal and a container's log take both streams.
   */
  to?: LogDestination;
  level?: pino.LevelWithSilent;
}

export interface HubLogging {
  log: HubLog;
  /** A secret the hub holds (the Partner API secret, a webhook secret, the metrics token): never written. */
  hide(secret: string | undefined): void;
}

/** Shorter strings would redact ordinary words; none of the hub's secrets is this short. */
const MIN_HIDDEN_LENGTH = 8;

/**
 * The only fields a request or a reply is logged with, wherever pino or Fastify logs one (Fastify's own
 * error lines pass `req`): the method and the route's pattern, never the URL (its query may carry a
 * credential) nor a header.
 */
const serializers = {
  req: (request: { method?: string; routeOptions?: { url?: string } }) => ({
    method: request.method,
    route: request.routeOptions?.url ?? null,
  }),
  res: (reply: { statusCode?: number }) => ({ status: reply.statusCode }),
  err: pino.stdSerializers.err,
};

/**
 * JSON lines, one per event, with an ISO time and the level by name. Every finished line passes main's one
 * redactor (src-main/logging/redact.ts: secret-named fields, queries of URLs, `sha256=` signatures, bearer
 * values) and the secrets this hub holds are cut out by value, so an error quoting a request or a
 * body cannot carry one out. A device's token is never known here (the database keeps its hash): it stays
 * out by never being logged — no header, no raw URL, no unverified device id.
 */
export function createHubLog(options: HubLogOptions = {}): HubLogging {
  const to = options.to ?? process.stderr;
  const hidden = new Set<string>();
  const redactLine = (line: string): string => {
    let out = line;
    for (const secret of hidden) if (out.includes(secret)) out = out.split(secret).join('[redacted]');
    return redactText(out);
  };
  const log = pino(
    {
      name: 'practice-hub',
      level: options.level ?? 'info',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers,
    },
    { write: (line: string) => void to.write(redactLine(line)) },
  );
  return {
    log,
    hide(secret) {
      if (!secret || secret.length < MIN_HIDDEN_LENGTH) return;
      hidden.add(secret);
      // As it would read inside a JSON string or a URL.
      hidden.add(JSON.stringify(secret).slice(1, -1));
      hidden.add(encodeURIComponent(secret));
    },
  };
}

/**
 * The logger a part of the hub was given, or, for a part used on its own (a command, a test), one of its
 * own on standard error: never a logger shared through a module.
 */
export const logOrStderr = (log: HubLog | undefined): HubLog => log ?? createHubLog().log;
