import type { DriverRun, DriverToday, MarkRequestEvent, ReceivedByInput, RunMark, RunSummary, StillOnBusStudent } from '@school-transport/contracts';

/**
 * The driver's school day through its documented REST paths (/api/driver/runs/...). The phone's
 * queue of marks decides by the answer's HTTP status whether a mark arrived, was refused (dropped
 * and shown) or did not get through (kept and sent again), so it speaks the paths whose statuses
 * are the published contract.
 */

/** The answer of the server was a refusal or an error: its status and its `{ message }` body. */
export class DayRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The code of a contract message ('schoolDay.boardFirst'), for its translation. */
    readonly code: string | undefined,
    /** End's 409: who is still on the bus. */
    readonly students: StillOnBusStudent[] | undefined,
  ) {
    super(message);
    this.name = 'DayRequestError';
  }
}

/**
 * The server will not take this request as it is: sending it again changes nothing (a child not on
 * the run, a state the child's marks do not allow, a time outside the last 24 hours, a run handed
 * to a substitute). A 401, 429 or 5xx may pass later, as does a request that never reached the server.
 */
export function isRefusal(error: unknown): error is DayRequestError {
  return error instanceof DayRequestError && [400, 403, 404, 409, 422].includes(error.status);
}

const REQUEST_TIMEOUT_MS = 15_000;

interface ErrorBody {
  message?: unknown;
  code?: unknown;
  students?: unknown;
}

async function request<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  // A fetch that cannot reach the server throws a TypeError: the caller keeps what it was sending.
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    // A fresh answer every time: the list and the marks are never taken from the HTTP cache.
    cache: 'no-store',
    // A connection that hangs (a bus between masts) counts as no connection: the mark stays queued.
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const error = (parsed ?? {}) as ErrorBody;
    throw new DayRequestError(
      response.status,
      typeof error.message === 'string' ? error.message : response.statusText,
      typeof error.code === 'string' ? error.code : undefined,
      Array.isArray(error.students) ? (error.students as StillOnBusStudent[]) : undefined,
    );
  }
  return parsed as T;
}

export function loadToday(): Promise<DriverToday> {
  return request<DriverToday>('GET', '/api/driver/runs/today');
}

/** Starts the run of its Bahrain date (today's, or yesterday's when the tap was queued before midnight). */
export function startRun(run: string, date: string): Promise<{ run: RunSummary }> {
  return request('POST', `/api/driver/runs/${run}/start`, { date });
}

export function endRun(run: string, date: string): Promise<{ run: RunSummary }> {
  return request('POST', `/api/driver/runs/${run}/end`, { date });
}

/** A mark as the phone sends it: its own id and time, so a mark sent twice is recorded once, at the time it was made. */
export interface MarkRequest {
  run: string;
  date: string;
  studentId: string;
  event: MarkRequestEvent;
  /** With `undo`: the server's id of the mark undone. */
  undoes?: string;
  clientId: string;
  at: string;
  position: { lat: number; lng: number; accuracy: number } | null;
  receivedBy?: ReceivedByInput | undefined;
}

/** The bus's positions (a batch when they waited offline): 202 with how many the server kept. */
export function sendPositions(
  run: string,
  date: string,
  fixes: readonly { lat: number; lng: number; accuracy: number; speed: number | null; heading: number | null; at: string }[],
): Promise<{ accepted: number }> {
  return request('POST', '/api/driver/positions', { run, date, fixes });
}

export function sendMark(mark: MarkRequest): Promise<{ mark: RunMark }> {
  const { run, ...body } = mark;
  return request('POST', `/api/driver/runs/${run}/marks`, body.position ? body : { ...body, position: undefined });
}

/** Saves the order of the driver's own run's stops (409 when the run's stops changed since the list was read). */
export function orderStops(run: DriverRun, stopIds: readonly string[]): Promise<unknown> {
  return request('PUT', `/api/driver/runs/${run}/stops/order`, { stopIds });
}
