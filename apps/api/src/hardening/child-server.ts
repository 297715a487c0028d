import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { TEST_SESSION_SECRET } from '../test/harness.js';

/**
 * The real server as its own process (`node --import tsx src/main.ts`, the sources: no build
 * needed, so `pnpm test:hardening` works on a fresh clone), for the tests that kill a process or
 * run two. It listens on a port the system picks (PORT=0) and the address is read from what it
 * prints once it listens: no port chosen in advance that something else may have taken meanwhile.
 * What it printed is kept, so a start that fails says why.
 */
export interface ChildServer {
  url: string;
  process: ChildProcess;
  output(): string;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
}

const STARTED = /School transport is running at (http:\/\/[^\s]+) on /;

export async function startChildServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ChildServer> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      SESSION_SECRET: TEST_SESSION_SECRET,
      LOG_LEVEL: 'warn',
      DEMO_DATA: '0',
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not start within ${timeoutMs / 1000} s`), timeoutMs);
    function fail(why: string) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`The server process ${why}. It printed:\n${output}`));
    }
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const started = STARTED.exec(output);
      if (started) {
        clearTimeout(timer);
        resolve(started[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code, signal) => fail(`exited (${signal ?? `code ${code}`}) before it listened`));
    child.once('error', (error) => fail(`could not be started (${error.message})`));
  });
  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A TCP port that is free now (for the throwaway PostgreSQL cluster, which must be told one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
