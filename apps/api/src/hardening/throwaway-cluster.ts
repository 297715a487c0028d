import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL cluster of the test's own (initdb on its own port and socket folder), so fault tests
 * can stop and start the server without touching the machine's shared one. Needs PostgreSQL's
 * server binaries (Debian: /usr/lib/postgresql/<version>/bin); as root they run as user postgres.
 */
export interface ThrowawayCluster {
  url: string;
  port: number;
  stop(): void;
  start(): void;
  destroy(): void;
}

function serverBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort() : [];
  const dir = versions.map((version) => join(root, version, 'bin')).find((bin) => existsSync(join(bin, 'initdb')));
  if (!dir) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) were not found under /usr/lib/postgresql: apt-get install postgresql');
  return dir;
}

export function startThrowawayCluster(port: number): ThrowawayCluster {
  const bin = serverBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'school-transport-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (command: string, args: string[]) => {
    const line = [join(bin, command), ...args].map((part) => `'${part}'`).join(' ');
    execFileSync(asRoot ? 'su' : 'sh', asRoot ? ['postgres', '-s', '/bin/sh', '-c', line] : ['-c', line], { stdio: 'pipe' });
  };
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
