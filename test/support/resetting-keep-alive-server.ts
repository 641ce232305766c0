import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One POST as the server received it: its body, which connection carried it and its place on that connection. */
export interface PostSeen {
  body: string;
  connection: number;
  /** 1 for the first request on a fresh connection; more means the connection was reused (keep-alive). */
  requestOnConnection: number;
  /** Whether the server reset the connection instead of answering. */
  reset: boolean;
}

export interface ResettingServer {
  /** http://127.0.0.1:<port> */
  url: string;
  posts: PostSeen[];
  /** Connections open now (a client that closed its pool leaves none). */
  openConnections(): number;
  close(): Promise<void>;
}

export interface ResettingServerOptions {
  /** Which POSTs are read whole and then answered with a TCP reset: the first one only, or every one. */
  resetPosts: 'first' | 'every';
  /** Answer reads with `Connection: close`, so no connection is left idle for a later request. Default false. */
  closeAfterReads?: boolean;
}

const PAGE =
  '<!doctype html><html><head><link rel="icon" href="data:,"><title>resets</title></head><body></body></html>';

/**
 * A keep-alive HTTP server on 127.0.0.1 that behaves like a practice server dying just after applying a write:
 * reads (any GET) are answered normally and leave the connection open for reuse; a POST is read to its last
 * byte (so it counts as received, and would have been applied) and then the socket is reset without a word
 * of answer. Every POST is recorded with the connection it came on, so a test can tell a resend from a send.
 */
export async function startResettingServer(options: ResettingServerOptions): Promise<ResettingServer> {
  const posts: PostSeen[] = [];
  const sockets = new Set<Socket>();
  const connectionOf = new WeakMap<Socket, { id: number; requests: number }>();
  let connections = 0;

  const server = createServer({ keepAlive: true, keepAliveTimeout: 30_000 }, (req, res) => {
    const connection = connectionOf.get(req.socket)!;
    connection.requests += 1;
    const requestOnConnection = connection.requests;
    if (req.method === 'POST') return receivePost(req, res, connection.id, requestOnConnection);
    const keep = options.closeAfterReads ? { connection: 'close' } : {};
    if (req.url === '/' || req.url?.startsWith('/page')) {
      res.writeHead(200, { 'content-type': 'text/html', ...keep }).end(PAGE);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', ...keep }).end(JSON.stringify({ ok: true }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    connectionOf.set(socket, { id: ++connections, requests: 0 });
    socket.on('close', () => sockets.delete(socket));
  });

  function receivePost(req: IncomingMessage, res: ServerResponse, connection: number, requestOnConnection: number) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reset = options.resetPosts === 'every' || posts.length === 0;
      posts.push({ body: Buffer.concat(chunks).toString('utf8'), connection, requestOnConnection, reset });
      // A reset (RST), not a polite close: what a crashed server or a dropped middlebox connection looks like.
      if (reset) req.socket.resetAndDestroy();
      else res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ created: true }));
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    posts,
    openConnections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
