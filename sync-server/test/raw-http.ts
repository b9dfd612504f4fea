import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect } from 'node:net';

/**
 * HTTP requests written by hand on a socket of their own, to a listening server: what a real client can do
 * that app.inject cannot (announce more body than it sends, hold the connection open, trickle, go away), and
 * what the test process holds open meanwhile.
 */

export type TRawRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** The Content-Length sent: more than the body's length announces bytes that never come. */
  declared: number;
};

export type TRawAnswer = {
  status: number | null;
  message: string | null;
  /** From the first byte sent to the answer's first byte (Infinity: none came). */
  ms: number;
  /** The server closed the connection (it was not left to the client). */
  serverClosed: boolean;
};

/**
 * Sends a request. `then`: 'hold' keeps the socket open (waiting for the answer, then for the server to close
 * the connection), 'answer' waits for the whole answer only, 'close' closes the socket once the body has gone
 * out. `everyMs` trickles the body, `chunk` bytes at a time. Never waits longer than `waitMs`.
 */
export function sendRaw(
  port: number,
  req: TRawRequest,
  then: 'hold' | 'answer' | 'close',
  opts: { waitMs: number; everyMs?: number; chunk?: number },
): Promise<TRawAnswer> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const started = performance.now();
    let raw = '';
    let ms = Infinity;
    let done = false;
    const finish = (serverClosed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(trickle);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(raw);
      const body = raw.split('\r\n\r\n')[1];
      let message: string | null = null;
      try {
        message = body ? (JSON.parse(body) as { message: string }).message : null;
      } catch {
        // Cut short: the status says enough.
      }
      resolve({ status: status ? Number(status[1]) : null, message, ms, serverClosed });
    };
    const timer = setTimeout(() => finish(false), opts.waitMs);
    socket.on('data', (d: Buffer) => {
      if (!raw) ms = performance.now() - started;
      raw += d.toString('latin1');
      const [head, body = ''] = raw.split('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(head ?? '');
      if (then === 'answer' && length && Buffer.byteLength(body, 'latin1') >= Number(length[1]))
        finish(false);
    });
    socket.on('close', () => finish(true));
    // A refusal before the body is through may reset the connection under the client's writes.
    socket.on('error', () => undefined);
    const headers = Object.entries(req.headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(
      `${req.method} ${req.path} HTTP/1.1\r\nHost: localhost\r\n${headers}Content-Length: ${req.declared}\r\n\r\n`,
    );
    const sent = () => {
      if (then !== 'close') return;
      socket.destroy();
      finish(false);
    };
    let at = 0;
    const step = opts.chunk ?? 1;
    const trickle = opts.everyMs
      ? setInterval(() => {
          if (at < req.body.length) return void socket.write(req.body.subarray(at, (at += step)));
          clearInterval(trickle);
          sent();
        }, opts.everyMs)
      : undefined;
    if (!trickle) socket.write(req.body, sent);
  });
}

/** The targets of this process's open descriptors (a listening server's and its clients' both live here). */
export const descriptors = (): string[] =>
  readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  });

/** The socket inodes of connections to or from `port` (not a listening socket), or only those to it (`to`). */
export function connectionInodes(port: number, to = false): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] === '0A') continue;
      const portOf = (address: string) => parseInt(address.split(':')[1]!, 16);
      if (portOf(cols[2]!) === port || (!to && portOf(cols[1]!) === port)) inodes.add(cols[9]!);
    }
  }
  return inodes;
}

/** The descriptors among `open` that are sockets of `inodes`. */
export const socketsIn = (open: string[], inodes: Set<string>): string[] =>
  open.filter((target) => inodes.has(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? ''));
