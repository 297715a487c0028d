import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CrewRole,
  type DriverRun,
  type DriverToday,
  type MarkEvent,
  type ReceivedByInput,
  type PositionFix,
  type RiderStatus,
  type RunStudent,
} from '@school-transport/contracts';
import { DayRequestError, endRun, isRefusal, loadToday, sendMark, sendPositions, startRun } from './day-api.js';
import { DayQueue, type DayAction, type MarkAction, type RefusedAction } from './day-queue.js';
import { phoneActionStore, saveToday, savedToday } from './phone-storage.js';
import { notMarked, stillOnBus, withWaitingActions } from './day-state.js';
import { busPosition, followBusPosition } from './bus-position.js';

/** How often waiting marks are tried again while there are any (besides the browser's 'online' event). */
const RETRY_EVERY_MS = 15_000;

/**
 * How often the list is read again while the phone is online: the office may mark a child or hand
 * a run over for the driver, and the driver must see it within seconds, not at the next minute.
 * Offline the list saved on the phone is all there is, so it is read rarely.
 */
const FOLLOW_EVERY_MS = 4_000;
const OFFLINE_READ_EVERY_MS = 60_000;

export interface LoadedDay {
  today: DriverToday;
  /** When this list came from the server; with `fromPhone`, it is the list saved then. */
  savedAt: string;
  /** The server could not be reached: this is the list saved on the phone. */
  fromPhone: boolean;
}

type Named = Pick<RunStudent, 'id' | 'firstName' | 'lastName'>;
/** What End answered when the run could not end: children still on the bus, children nobody marked, or the server's refusal. */
export type EndRefusal = { stillOnBus: Named[] } | { notMarked: Named[] } | { error: DayRequestError };

/**
 * Sends one action; a mark's answer carries the server's id of the mark, kept (by the mark's id on
 * the phone) so that the mark can be undone.
 */
function sender(markIds: Map<string, string>) {
  return async (action: DayAction): Promise<unknown> => {
    // Start names its run's date, as End and the marks do: one made before midnight and sent after it starts the run of its own day.
    if (action.kind === 'start') return startRun(action.run, action.date);
    if (action.kind === 'end') return endRun(action.run, action.date);
    if (action.kind === 'positions') return sendPositions(action.run, action.date, action.fixes);
    if (action.kind === 'undo')
      return sendMark({
        run: action.run,
        date: action.date,
        studentId: action.studentId,
        event: 'undo',
        undoes: action.undoes,
        clientId: action.id,
        at: action.at,
        position: null,
      });
    const answer = await sendMark({
      run: action.run,
      date: action.date,
      studentId: action.studentId,
      event: action.event,
      clientId: action.id,
      at: action.at,
      position: action.position,
      receivedBy: action.receivedBy,
    });
    markIds.set(action.id, answer.mark.id);
    return answer;
  };
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

export const todayQueryKey = (userId: string) => ['driver-day', 'today', userId] as const;

/**
 * The driver's school day on the phone: today's list (from the server, else the one saved on the
 * phone), every tap stored first and shown at once, then sent in order whenever the connection
 * allows; what the server refused is listed for the driver.
 */
export function useDriverDay(driver: { userId: string; name: string; role: CrewRole }) {
  const { userId, name, role } = driver;
  const queryClient = useQueryClient();
  const markIds = useRef(new Map<string, string>());
  // Received: the list on screen keeps the tap until the server's list is read again, set before
  // the tap leaves the waiting list so that no render shows the list without it.
  const queue = useMemo(
    () =>
      new DayQueue(phoneActionStore, sender(markIds.current), userId, (action) => {
        if (action.kind === 'positions') return;
        queryClient.setQueryData<LoadedDay>(todayQueryKey(userId), (loaded) =>
          loaded ? { ...loaded, today: withWaitingActions(loaded.today, [action]) } : loaded,
        );
      }),
    [userId, queryClient],
  );
  /** When the last position the families can see reached the server (its fix's time). */
  const [positionSentAt, setPositionSentAt] = useState<string | null>(null);
  const queued = useSyncExternalStore(
    useCallback((listener) => queue.subscribe(listener), [queue]),
    () => queue.waiting(),
  );
  // The driver's taps: positions wait in the same queue but are not the driver's to see or count.
  const waiting = useMemo(() => queued.filter((action) => action.kind !== 'positions'), [queued]);
  const [refused, setRefused] = useState<RefusedAction[]>([]);
  /** The server answered 401: the marks wait on the phone until the driver signs in again. */
  const [signedOut, setSignedOut] = useState(false);

  const day = useQuery({
    queryKey: todayQueryKey(userId),
    // Run offline too, rather than wait for the network (TanStack Query's default): the list saved on the phone is the answer then.
    networkMode: 'always',
    // A family may report an absence, the office mark a child or hand a run over while the bus is on
    // its way: the list is read again every few seconds online and when the driver comes back to
    // the screen (the product's other lists never poll).
    refetchInterval: () => (isOnline() ? FOLLOW_EVERY_MS : OFFLINE_READ_EVERY_MS),
    refetchOnWindowFocus: true,
    queryFn: async (): Promise<LoadedDay> => {
      try {
        const today = await loadToday();
        const savedAt = new Date().toISOString();
        await saveToday({ userId, driverName: name, role, savedAt, today });
        return { today, savedAt, fromPhone: false };
      } catch (error) {
        // Signed out, or another refusal: nothing saved can stand in for it.
        if (error instanceof DayRequestError && error.status < 500) throw error;
        const saved = await savedToday(userId);
        if (!saved) throw error;
        return { today: saved.today, savedAt: saved.savedAt, fromPhone: true };
      }
    },
  });

  const { refetch } = day;
  const flush = useCallback(async () => {
    const result = await queue.flush();
    const fixTimes = result.sent.flatMap((action) => (action.kind === 'positions' ? action.fixes.map((fix) => fix.at) : []));
    if (fixTimes.length > 0) setPositionSentAt(fixTimes.sort().at(-1)!);
    // A position the server would not take (the run ended meanwhile) is nothing the driver can act on.
    const refusedTaps = result.refused.filter((each) => each.action.kind !== 'positions');
    if (refusedTaps.length > 0) setRefused((shown) => [...shown, ...refusedTaps]);
    setSignedOut(result.stoppedBy instanceof DayRequestError && result.stoppedBy.status === 401);
    // Once everything has arrived, the server's list is the truth again (another device, the office acting for the driver).
    const taps = result.sent.filter((action) => action.kind !== 'positions').length + refusedTaps.length;
    if (taps > 0 && result.waiting === 0) await refetch();
    return result;
  }, [queue, refetch]);

  useEffect(() => {
    let cancelled = false;
    void queue.load().then(() => {
      if (!cancelled) void flush();
    });
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      cancelled = true;
      window.removeEventListener('online', online);
    };
  }, [queue, flush]);

  useEffect(() => {
    if (queued.length === 0) return;
    const timer = window.setInterval(() => void flush(), RETRY_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [queued.length, flush]);

  const shown = useMemo(() => (day.data ? withWaitingActions(day.data.today, waiting) : undefined), [day.data, waiting]);

  const act = useCallback(
    async (action: DayAction) => {
      await queue.add(action);
      await flush();
    },
    [queue, flush],
  );

  const base = useCallback(
    (run: string) => ({ id: crypto.randomUUID(), userId, run, date: shown?.date ?? '', at: new Date().toISOString() }),
    [userId, shown?.date],
  );

  const start = useCallback(
    async (run: string) => {
      // Asked for now, when the driver starts work, and never before.
      followBusPosition();
      await act({ ...base(run), kind: 'start' });
    },
    [act, base],
  );

  /** A mark: stored, shown and sent; answered with the action, which the driver can undo for 2 minutes. */
  const mark = useCallback(
    async (run: string, studentId: string, event: MarkEvent, receivedBy?: ReceivedByInput): Promise<MarkAction> => {
      const action: MarkAction = { ...base(run), kind: 'mark', studentId, event, position: busPosition(), ...(receivedBy ? { receivedBy } : {}) };
      await act(action);
      return action;
    },
    [act, base],
  );

  /**
   * Undoes a mark: one still waiting on the phone is simply dropped from the queue; one the server
   * has is undone there (the undo waits in the queue like any tap). False when the phone does not
   * know the server's id of the mark (it was sent from another visit of the screen).
   */
  const undo = useCallback(
    async (action: MarkAction, previous: RiderStatus): Promise<boolean> => {
      if (await queue.remove(action.id)) return true;
      // Being sent right now: its answer (and the server's id of the mark) comes with this round.
      await flush();
      const undoes = markIds.current.get(action.id);
      if (!undoes) return false;
      await act({ ...base(action.run), date: action.date, kind: 'undo', studentId: action.studentId, undoes, previous });
      return true;
    },
    [queue, flush, act, base],
  );

  /**
   * Ends the run. The phone's own list decides first (who is still on the bus, who nobody marked):
   * a refusal it can see is no request at all. Then, with signal and nothing waiting, the server
   * decides; without, the end waits in the queue.
   */
  const end = useCallback(
    async (run: string): Promise<EndRefusal | null> => {
      const current = shown?.runs.find((entry) => (entry.id === run || entry.run === run) && !entry.handedTo);
      if (!current) return null;
      const onBusNow = stillOnBus(current);
      if (onBusNow.length > 0) return { stillOnBus: onBusNow };
      const unmarked = notMarked(current);
      if (unmarked.length > 0) return { notMarked: unmarked };
      await flush();
      if (queue.waiting().length === 0) {
        try {
          await endRun(run, current.date);
          await refetch();
          return null;
        } catch (error) {
          if (error instanceof DayRequestError && isRefusal(error)) return { error };
          // No answer: the phone decides and the end waits for the connection.
        }
      }
      await act({ ...base(run), kind: 'end' });
      return null;
    },
    [shown, flush, queue, refetch, act, base],
  );

  const dismissRefused = useCallback(() => setRefused([]), []);

  /** A position of the bus: queued behind the taps (a run is started before its positions) and sent when the connection allows. */
  const sharePosition = useCallback(
    async (run: DriverRun, date: string, fix: PositionFix) => {
      await queue.add({ id: crypto.randomUUID(), userId, run, date, at: fix.at, kind: 'positions', fixes: [fix] });
      await flush();
    },
    [queue, flush, userId],
  );

  return { day, shown, waiting, refused, dismissRefused, signedOut, start, mark, undo, end, sharePosition, positionSentAt };
}
