import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { trpc } from '../trpc.js';
import { seedFirstScreen } from './first-screen-data.js';

/** The part of a document seedFirstScreen reads: the server's JSON block, if the page has one. */
const pageWith = (block: string | undefined) =>
  ({ getElementById: (id: string) => (id === 'first-screen-data' && block !== undefined ? { textContent: block } : null) }) as unknown as Document;

describe("the first screen's answers from the page's HTML", () => {
  it('go into the cache under the keys the app asks with, so the first render needs no request', () => {
    const cache = new QueryClient();
    const session = { user: { id: 'u1', name: 'Fatima', role: 'parent', email: 'f@example.com', phone: '36000001', language: 'en' } };
    const students = { students: [{ id: 's1', firstName: 'Sara' }] };
    seedFirstScreen(
      cache,
      pageWith(JSON.stringify({ answers: { 'auth.user': session, 'parent.students': students, 'parent.absences.list': { absences: [] } } })),
    );
    expect(cache.getQueryData(trpc.auth.user.queryKey())).toEqual(session);
    expect(cache.getQueryData(trpc.parent.students.queryKey())).toEqual(students);
    expect(cache.getQueryData(trpc.parent.absences.list.queryKey())).toEqual({ absences: [] });
  });

  it('a page without the block, or with one that cannot be read, leaves the cache empty for the app to fill', () => {
    const cache = new QueryClient();
    seedFirstScreen(cache, pageWith(undefined));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    seedFirstScreen(cache, pageWith('{"answers": {'));
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
    expect(cache.getQueryCache().getAll()).toHaveLength(0);
  });
});
