import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface LingerBounds {
  /** The most body bytes read and thrown away before the connection is cut. */
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
 * its side after the answer, reads the rest of the body and drops each piece as it arrives (never
 * holding it), and closes once the body has ended. A client that sends on and on is still cut
 * off: past `maxBytes` thrown away, `maxMs` after the answer, or `idleMs` of silence, the
 * connection is destroyed.
 */
export function lingerBeforeClosing(app: FastifyInstance, bounds: LingerBounds): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const socket = req.raw.socket as Socket | null;
    if (hasBody(req.raw) && !req.raw.complete && socket instanceof Socket && !socket.destroyed) {
      void reply.header('connection', 'close');
      discardTheRest(req.raw, socket, bounds);
    }
    done(null, payload);
  });
}

/** Whether the request carries a body: the test Node's HTTP parser makes. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function discardTheRest(body: IncomingMessage, socket: Socket, bounds: LingerBounds): void {
  // Node's server ends and destroys the connection once an answer marked `Connection: close` is
  // written; this one only ends its side, so the client reads the answer and then the end.
  socket.destroySoon = () => socket.end();
  let discarded = 0;
  const cut = () => socket.destroy();
  const total = setTimeout(cut, bounds.maxMs);
  const idle = setTimeout(cut, bounds.idleMs);
  const count = (chunk: Buffer) => {
    discarded += chunk.byteLength;
    idle.refresh();
    if (discarded > bounds.maxBytes) cut();
  };
  // Once the body has all been read, nothing unread is left for the close to reset: the ordinary
  // close follows the answer (at once if it is already written).
  const ended = () => {
    Reflect.deleteProperty(socket, 'destroySoon');
    if (socket.writableEnded) socket.destroySoon();
  };
  socket.once('close', () => {
    clearTimeout(total);
    clearTimeout(idle);
    body.off('data', count);
    body.off('end', ended);
  });
  // Whatever was reading the body (a form parser cut off at its limit) reads no more of it.
  body.unpipe();
  body.removeAllListeners('data');
  body.on('data', count);
  body.once('end', ended);
  body.resume();
}
