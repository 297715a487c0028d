import { request } from 'node:http';

/**
 * A JSON POST sent from another address of this machine (all of 127.0.0.0/8 is loopback), as
 * another client would send it: the server sees that address without trusting any proxy header.
 */
export function postFrom(url: string, localAddress: string, path: string, body: unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, localAddress, method: 'POST', path, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
        resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined, headers });
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
