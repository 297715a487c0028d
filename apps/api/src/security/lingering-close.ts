import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface LingerBounds {
  /** The most bytes read and thrown away after the answer before the connection is cut. */
  maxBytes: number;
  /** The longest the connection is kept open after the answer, whatever arrives. */
  maxMs: number;
  /** How long the client may send nothing before the connection is cut. */
  idleMs: number;
}

/**
 * A lingering close, as nginx does it, for every answer sent before the request's body has all
 * arrived (a body over its limit, of a type the path does not take, from a caller refused before
 * the body is read, past the request cap).
 *
 * Closing at once would lose the answer: a client still writing its body gets a TCP reset for the
 * bytes the server no longer reads, and the reset throws away the answer it had not read yet
 * (Node's fetch sees EPIPE, not the 413). So the answer says `Connection: close`, the server ends
 * its side after the answer, then reads the rest of the body and throws it away as it arrives
 * (never holding it) until the body ends, and only then closes. A client that sends on and on is
 * still cut off: past `maxBytes` thrown away, `maxMs` after the answer, or `idleMs` of silence, the
 * connection is destroyed.
 */
export function lingerBeforeClosing(app: FastifyInstance, bounds: LingerBounds): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const socket = req.raw.socket as Socket | null;
    if (hasBody(req.raw) && !req.raw.complete && socket instanceof Socket && !socket.destroyed) {
      void reply.header('connection', 'close');
      // Node's server calls destroySoon once an answer marked `Connection: close` is written;
      // this connection lingers instead.
      socket.destroySoon = () => linger(socket, req.raw, bounds);
    }
    done(null, payload);
  });
}

/** Whether the request carries a body: the test Node's HTTP parser makes. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function linger(socket: Socket, body: IncomingMessage, bounds: LingerBounds): void {
  // The connection's later close is the ordinary one.
  Reflect.deleteProperty(socket, 'destroySoon');
  if (body.complete) {
    socket.destroySoon();
    return;
  }
  // The answer is sent and this side is done writing: the client reads the answer, then the end.
  socket.end();
  let discarded = 0;
  const close = () => socket.destroy();
  const total = setTimeout(close, bounds.maxMs);
  const idle = setTimeout(close, bounds.idleMs);
  const count = (chunk: Buffer) => {
    discarded += chunk.byteLength;
    idle.refresh();
    if (discarded > bounds.maxBytes) close();
  };
  socket.on('data', count);
  socket.once('close', () => {
    clearTimeout(total);
    clearTimeout(idle);
    socket.off('data', count);
  });
  // Once the body has all been read, nothing unread is left for the close to reset.
  body.once('end', close);
  body.once('error', close);
  // The body flows to no one: each piece is dropped as soon as it is parsed.
  body.removeAllListeners('data');
  body.resume();
}
