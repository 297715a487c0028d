import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { request } from 'node:http';

export interface StreamedAnswer {
  /** The status, or undefined when the server closed the connection without an answer. */
  status: number | undefined;
  body: unknown;
  /** How many body bytes the client had written when the answer (or the close) came. */
  bytesSent: number;
}

export interface StreamedBody {
  method?: string;
  headers?: Record<string, string>;
  /** Written first, e.g. a multipart part's headers. */
  head?: string;
  /** How many bytes follow the head: `piece` again and again. */
  totalBytes: number;
  piece?: Buffer;
  /** Written last, e.g. the multipart closing boundary. */
  tail?: string;
}

/**
 * Sends a request whose body is `head`, then `totalBytes` written in 64 KB pieces of one reused
 * buffer (the test never holds the body), then `tail`; it stops writing once the server answers
 * or closes. Without Content-Length the body goes chunked, as a client streaming an unknown
 * length sends it.
 */
export function sendStreamed(baseUrl: string, path: string, options: StreamedBody): Promise<StreamedAnswer> {
  const piece = options.piece ?? Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve, reject) => {
    let sent = 0;
    let settled = false;
    const settle = (answer: StreamedAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const req = request(new URL(path, baseUrl), { method: options.method ?? 'POST', headers: options.headers }, (res) => {
      const bytesSent = sent;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      const done = () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON: kept as text for the assertion to show.
        }
        settle({ status: res.statusCode, body, bytesSent });
      };
      res.on('end', done);
      res.on('error', done);
      res.on('aborted', done);
    });
    // Writing on after the server closed fails (EPIPE, ECONNRESET): the answer, if any, came first.
    req.on('error', (error) => {
      if (sent > 0) setTimeout(() => settle({ status: undefined, body: undefined, bytesSent: sent }), 200);
      else if (!settled) reject(error);
    });
    if (options.head) req.write(options.head);
    const write = (): void => {
      while (sent < options.totalBytes) {
        if (settled || req.destroyed) return;
        const size = Math.min(piece.length, options.totalBytes - sent);
        sent += size;
        if (!req.write(size === piece.length ? piece : piece.subarray(0, size))) {
          req.once('drain', write);
          return;
        }
      }
      req.end(options.tail);
    };
    write();
  });
}

/** The process's memory in use (heap and buffers), after a full collection when the runtime allows one. */
export function memoryInUse(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** The highest memory in use while `work` runs, above what was in use before it. */
export async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = memoryInUse();
  let peak = before;
  const sampler = setInterval(() => {
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    peak = Math.max(peak, heapUsed + arrayBuffers);
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, memoryInUse());
    return { result, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

/** Lets memoryInUse() collect garbage first (a full collection before each measurement). */
export function exposeGarbageCollection(): void {
  setFlagsFromString('--expose-gc');
  (globalThis as { gc?: unknown }).gc ??= runInNewContext('gc');
}
