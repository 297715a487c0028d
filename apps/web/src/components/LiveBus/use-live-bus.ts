import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { StudentBus } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { liveTrpc } from '../../trpc-subscriptions.js';

/** Where Server-Sent Events are blocked (a proxy that holds the stream), the page asks this often instead. */
const POLL_EVERY_MS = 10_000;
/** No first event this long after opening the stream: it is blocked somewhere, and the page polls. */
const FIRST_EVENT_WITHIN_MS = 10_000;

/**
 * The bus of the family's student as the server sends it: each change the moment the server has
 * it, over a subscription (Server-Sent Events; the browser reconnects by itself, naming the last
 * event it had); when the stream fails or never starts, the same answer asked every 10 seconds.
 */
export function useLiveBus(studentId: string): { bus: StudentBus | undefined; failed: boolean; polling: boolean } {
  const [streamed, setStreamed] = useState<StudentBus | undefined>(undefined);
  const [polling, setPolling] = useState(false);
  const subscription = useSubscription(
    liveTrpc.parent.busUpdates.subscriptionOptions(
      { id: studentId },
      {
        enabled: !polling,
        onData: (event) => setStreamed(event.data),
        onError: () => setPolling(true),
      },
    ),
  );
  useEffect(() => {
    if (streamed || polling) return;
    const timer = window.setTimeout(() => setPolling(true), FIRST_EVENT_WITHIN_MS);
    return () => window.clearTimeout(timer);
  }, [streamed, polling]);
  const polled = useQuery({ ...trpc.parent.studentBus.queryOptions({ id: studentId }), enabled: polling, refetchInterval: POLL_EVERY_MS, staleTime: 0 });
  const bus = polling ? (polled.data ?? streamed) : streamed;
  return { bus, failed: polling && polled.isError && !bus, polling: polling || subscription.status === 'error' };
}

/** The time now, moving on every `everyMs`: for 'updated 12 s ago'. */
export function useNow(everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
