import { useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '../../trpc.js';

/** The family's absences (from 30 days ago on), one list for every card. */
export const useParentAbsences = () => useQuery(trpc.parent.absences.list.queryOptions());

/**
 * One student's day: each run's status and marks with their times. Read again when the parent comes
 * back to the page (the day moves on while the phone is in a pocket); not polled.
 */
export const useStudentToday = (studentId: string) => useQuery({ ...trpc.parent.studentToday.queryOptions({ id: studentId }), refetchOnWindowFocus: true });

/** The school week and the no-service dates: the family's date pickers offer only days with a run. They change seldom. */
export const useSchoolCalendar = () => useQuery({ ...trpc.parent.schoolCalendar.queryOptions(), staleTime: 60 * 60 * 1000 });

/** Whether the family gets a message when a child boards and is dropped off. */
export const useSchoolDayMessages = () => useQuery(trpc.parent.schoolDayMessages.queryOptions());

/** After an absence is reported or cancelled: the list and each card's day are read again. */
export async function refreshParentDay(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.parent.absences.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.parent.studentToday.pathKey() }),
  ]);
}
