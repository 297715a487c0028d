import { useQuery } from '@tanstack/react-query';
import { ADMIN_LIST_QUERY, queryClient, trpc } from '../trpc.js';

/** Every driver's runs of a Bahrain date, open runs with children on board first (the server's order). */
export const useOfficeRuns = (date: string) =>
  useQuery({ ...trpc.admin.schoolDay.runs.queryOptions({ date }), ...ADMIN_LIST_QUERY, refetchOnWindowFocus: true });

/** The absences in force on a Bahrain date. */
export const useDayAbsences = (date: string) =>
  useQuery({ ...trpc.admin.schoolDay.absences.queryOptions({ date }), ...ADMIN_LIST_QUERY, refetchOnWindowFocus: true });

/** After an absence, a substitute or a mark for a driver: the day's runs and absences are read again. */
export async function refreshOfficeDay(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: trpc.admin.schoolDay.pathKey() });
}
