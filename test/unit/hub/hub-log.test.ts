import { describe, expect, it } from 'vitest';
import { createHubLog } from '../../../src-main/hub/watch/hub-log';

function captured() {
  const lines: string[] = [];
  const logging = createHubLog({ to: { write: (line) => lines.push(line) }, level: 'debug' });
  return { ...logging, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>), lines };
}

describe("the hub's log", () => {
  it('writes one JSON object a line, with an ISO time and the level by name', () => {
    const { log, entries, lines } = captured();
    log.info({ device: 'd-1' }, 'a device was enrolled');
    log.debug('quiet');
    expect(lines.every((line) => line.endsWith('\n') && line.indexOf('\n') === line.length - 1)).toBe(true);
    expect(entries()).toEqual([
      expect.objectContaining({ level: 'info', msg: 'a device was enrolled', device: 'd-1', name: 'practice-hub' }),
      expect.objectContaining({ level: 'debug', msg: 'quiet' }),
    ]);
    expect(new Date(entries()[0]!.time as string).toISOString()).toBe(entries()[0]!.time);
  });

  it('cuts out the secrets it was told of and whatever the redactor knows, and stays JSON', () => {
    const { log, hide, entries, lines } = captured();
    const secret = 'partner-api-secret-0123456789';
    hide(secret);
    hide('short');
    const signature = `sha256=${'ab12'.repeat(16)}`;
    const error = new Error(`the practice answered 500 to ${secret} with ${signature}`);
    log.error({ err: error, url: `https://api.example/files/doc.pdf?sig=abcdef123456&expires=9` }, 'a read failed');
    log.warn(
      { headers: { 'x-svc-auth-key': 'device-token-abcdefghijk', authorization: 'Bearer abcdefghijklmnop' } },
      'x',
    );
    log.info(`quoted "${secret}" and encoded ${encodeURIComponent(`${secret}/x`)}`);
    const text = lines.join('');
    for (const leaked of [secret, signature, 'abcdef123456', 'device-token-abcdefghijk', 'abcdefghijklmnop'])
      expect(text).not.toContain(leaked);
    expect(text).toContain('[redacted]');
    // A word shorter than a secret is not taken for one.
    log.info('short words stay');
    expect(entries().at(-1)!.msg).toBe('short words stay');
    expect(entries()).toHaveLength(4);
  });

  it('logs a request by its method and route, never its URL or headers, wherever Fastify passes one', () => {
    const { log, entries } = captured();
    log.error(
      {
        req: {
          method: 'GET',
          url: '/api/v1/entities/list?q=device-token-abcdefghijk',
          headers: { 'x-svc-auth-id': 'device-token-abcdefghijk' },
          routeOptions: { url: '/api/v1/entities/list' },
        },
        res: { statusCode: 500, getHeaders: () => ({}) },
      },
      'request errored',
    );
    expect(entries()[0]).toMatchObject({
      req: { method: 'GET', route: '/api/v1/entities/list' },
      res: { status: 500 },
    });
    expect(JSON.stringify(entries()[0])).not.toContain('device-token-abcdefghijk');
  });
});
