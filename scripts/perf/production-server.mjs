// Starts the built production server (apps/api/dist/main.js) on a throwaway embedded database, for
// the performance scripts. Answers its address and a stop function. With `demo: true` it loads the
// demo data (which a production server never does, so NODE_ENV is development; the web app it serves
// and the way it serves it are the same build), for measuring the screens behind a sign-in.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function startProductionServer({ port, env = {}, demo = false }) {
  const main = join(ROOT, 'apps', 'api', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`No server build at ${main}: run pnpm build first.`);
  if (demo && !existsSync(join(ROOT, 'apps', 'api', 'dist', 'development.js'))) throw new Error('No demo build: run pnpm build:demo first.');
  const dataDir = mkdtempSync(join(tmpdir(), 'perf-data-'));
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: demo ? 'development' : 'production',
      DEMO_DATA: demo ? '1' : '0',
      // Production refuses to start without a transport chosen; the log sends nothing to anyone.
      NOTIFY_TRANSPORT: 'log',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // Plain http on this machine; behind TLS in a deployment.
      COOKIE_SECURE: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped at start:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The server did not answer /api/health within 60 s:\n${output}`);
}
