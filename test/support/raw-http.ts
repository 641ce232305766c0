import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

export interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/**
 * One HTTP/1.1 request written byte for byte on a socket of its own: the request target is sent exactly as
 * given (fetch and node:http normalise dot segments or refuse odd characters before they leave). On 127.0.0.1
 * only; TLS without certificate checks (the hub's own self-signed certificate is the point elsewhere).
 */
export function rawRequest(options: {
  port: number;
  tls?: boolean;
  target: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Anything to write instead of the request (pipelined requests, a broken head). */
  raw?: string;
  timeoutMs?: number;
}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket: Socket = options.tls
      ? connectTls({ host: '127.0.0.1', port: options.port, rejectUnauthorized: false })
      : connectTcp({ host: '127.0.0.1', port: options.port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No answer to ${options.target} within ${options.timeoutMs ?? 10_000} ms.`));
    }, options.timeoutMs ?? 10_000);
    socket.once(options.tls ? 'secureConnect' : 'connect', () => {
      const body = options.body ?? '';
      const head = [
        `${options.method ?? 'GET'} ${options.target} HTTP/1.1`,
        'Host: 127.0.0.1',
        'Connection: close',
        ...(body ? [`Content-Length: ${Buffer.byteLength(body)}`] : []),
        ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      ].join('\r\n');
      socket.write(options.raw ?? `${head}\r\n\r\n${body}`);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body: rest.join('\r\n\r\n') });
    });
  });
}

/** Every status line in a stream of answers (pipelined requests answered on one connection). */
export const statusesOf = (answer: RawAnswer): number[] =>
  [...`${answer.headers}\r\n\r\n${answer.body}`.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]));
