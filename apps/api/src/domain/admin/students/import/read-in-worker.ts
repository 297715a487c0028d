import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { STUDENT_IMPORT_MESSAGES, STUDENT_IMPORT_READ_MS } from '@school-transport/contracts';
import { AppError } from '../../../../errors.js';
import type { ReadAnswer, ReadRequest } from './read-worker.js';
import type { Sheet } from './sheet.js';

/**
 * An uploaded file is read on a worker thread, never on the server's event loop: however long a
 * file takes to read, other requests are answered meanwhile. A reading that runs past its time is
 * abandoned (the worker is ended, the file refused), and a worker that fills its heap ends alone.
 */

/** The worker's heap: a workbook inflates to at most 64 MB of XML, twice that as text, with room to parse it. */
const WORKER_HEAP_MB = 512;
/** Files read at once; more wait their turn, so a burst of uploads cannot take every core or the memory. */
const READERS = 2;

/** The file the build writes beside the server's bundle (scripts/build.mjs). */
const BUILT_WORKER = 'student-import-reader.js';

let sourceBundle: Promise<string> | undefined;

/**
 * Run from the sources (tests, `pnpm dev`), the worker's TypeScript is bundled once per process
 * with esbuild into one script the worker evaluates; a build runs the file built beside it.
 */
async function startWorker(options: WorkerOptions): Promise<Worker> {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${BUILT_WORKER}`, import.meta.url), options);
  sourceBundle ??= import('esbuild').then(async ({ build }) => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./read-worker.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      write: false,
      logLevel: 'error',
    });
    return result.outputFiles[0]!.text;
  });
  return new Worker(await sourceBundle, { ...options, eval: true });
}

let reading = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (reading >= READERS) await new Promise<void>((resolve) => waiting.push(resolve));
  reading += 1;
  return () => {
    reading -= 1;
    waiting.shift()?.();
  };
}

/** The sheet of a file whose kind is known (the bytes were sniffed), or the refusal the reading found. */
export async function readInWorker(request: ReadRequest, timeLimitMs = STUDENT_IMPORT_READ_MS): Promise<Sheet> {
  const done = await turn();
  try {
    const worker = await startWorker({ workerData: request, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    return await new Promise<Sheet>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        worker.removeAllListeners();
        void worker.terminate();
        outcome();
      };
      // The time is counted from when the worker runs: a slow start on a loaded machine is not the file's doing.
      worker.once('online', () => {
        timer = setTimeout(() => settle(() => reject(new AppError('BAD_REQUEST', STUDENT_IMPORT_MESSAGES.fileTooSlow))), timeLimitMs);
      });
      worker.once('message', (answer: ReadAnswer) =>
        settle(() => ('sheet' in answer ? resolve(answer.sheet) : reject(new AppError(answer.refused.status, answer.refused.message)))),
      );
      worker.once('error', (error: Error & { code?: string }) =>
        settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('PAYLOAD_TOO_LARGE', STUDENT_IMPORT_MESSAGES.fileTooLarge) : error)),
      );
      worker.once('exit', () => settle(() => reject(new AppError('BAD_REQUEST', STUDENT_IMPORT_MESSAGES.fileUnreadable))));
    });
  } finally {
    done();
  }
}
