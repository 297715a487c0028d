import { parentPort, workerData } from 'node:worker_threads';
import { readCsv } from './read-csv.js';
import { readXlsx } from './read-xlsx.js';
import { SheetRefused, type Sheet } from './sheet.js';

/**
 * The worker thread that reads one uploaded file (read-in-worker.ts starts it): the file's bytes
 * and kind in, the sheet or the refusal out. It loads the readers and the contract alone, never the
 * server, and the server ends it when it runs past its time or memory.
 */
export type ReadRequest = { bytes: Uint8Array; kind: 'xlsx' | 'csv' };
export type ReadAnswer = { sheet: Sheet } | { refused: { status: SheetRefused['status']; message: string } };

const { bytes, kind } = workerData as ReadRequest;
let answer: ReadAnswer;
try {
  answer = { sheet: kind === 'xlsx' ? readXlsx(bytes) : readCsv(bytes) };
} catch (error) {
  if (!(error instanceof SheetRefused)) throw error;
  answer = { refused: { status: error.status, message: error.message } };
}
parentPort!.postMessage(answer);
