import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@school-transport/api';
import { queryClient } from './trpc.js';

/**
 * Subscriptions (the family's live bus) as Server-Sent Events, read by the browser's own
 * EventSource: it reconnects by itself after a dropped connection and sends the last event's id
 * (Last-Event-ID), so a page picks up where it was. It speaks the stream tRPC's server writes (a
 * 'connected' event, data events with their tracked ids, 'serialized-error', keep-alive pings).
 * tRPC's httpSubscriptionLink reads the same stream, but it lives in @trpc/client's main module,
 * which the landing page loads: it would add 2.2 KB gzip to the first download (over its 150 KB
 * budget) for one signed-in page. This link, and the client that uses it, sit in the chunk of the
 * pages that subscribe; queries and mutations go through the app's one client (trpc.ts).
 */
export const subscriptionLink: TRPCLink<AppRouter> =
  () =>
  ({ op }) =>
    observable((observer) => {
      const url = `/trpc/${op.path}?input=${encodeURIComponent(JSON.stringify(op.input ?? null))}`;
      const source = new EventSource(url, { withCredentials: true });
      source.addEventListener('connected', () => observer.next({ result: { type: 'started' } }));
      source.addEventListener('message', (event: MessageEvent<string>) => {
        const data: unknown = JSON.parse(event.data);
        // A tracked event arrives as { id, data }, as tRPC's own link gives it.
        observer.next({ result: event.lastEventId ? { id: event.lastEventId, data: { id: event.lastEventId, data } } : { data } });
      });
      source.addEventListener('serialized-error', (event) => {
        source.close();
        observer.error(TRPCClientError.from({ error: JSON.parse((event as MessageEvent<string>).data) as never }));
      });
      // Closed for good (refused, not a passing loss of signal, which the browser retries): the page falls back to asking.
      source.addEventListener('error', () => {
        if (source.readyState === EventSource.CLOSED) observer.error(new TRPCClientError('The live connection closed'));
      });
      return () => source.close();
    });

/** The client of subscriptions, beside the app's client (trpc.ts) so that its link is not in the first download. */
export const liveTrpc = createTRPCOptionsProxy<AppRouter>({ client: createTRPCClient<AppRouter>({ links: [subscriptionLink] }), queryClient });
