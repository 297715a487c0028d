import { absenceId, absenceInput, entityId, schoolDayMessagesInput } from '@school-transport/contracts';
import { parentProcedure, router } from '../init.js';
import { cancelAbsence, listParentAbsences, reportAbsence } from '../../domain/school-day/absences.js';
import { readStudentToday } from '../../domain/school-day/today.js';
import { readSchoolDayMessages, setSchoolDayMessages } from '../../domain/school-day/parent-messages.js';
import { readSchoolCalendar } from '../../domain/school-day/settings.js';

/** The family's school day: absences of their own students, each student's day, and which messages they get. */
export const parentAbsencesRouter = router({
  list: parentProcedure.query(async ({ ctx }) => ({ absences: await listParentAbsences(ctx.db, ctx.clock.now(), ctx.user.id) })),
  report: parentProcedure.input(absenceInput).mutation(async ({ ctx, input }) => ({ absence: await reportAbsence(ctx.db, ctx.clock.now(), { kind: 'parent', userId: ctx.user.id }, input) })),
  cancel: parentProcedure.input(absenceId).mutation(async ({ ctx, input }) => ({ absence: await cancelAbsence(ctx.db, ctx.clock.now(), { kind: 'parent', userId: ctx.user.id }, input.id) })),
});

export const parentSchoolDayProcedures = {
  /** The school week and the no-service dates, for the family's date pickers. */
  schoolCalendar: parentProcedure.query(async ({ ctx }) => ({ calendar: await readSchoolCalendar(ctx.db) })),
  studentToday: parentProcedure.input(entityId).query(async ({ ctx, input }) => readStudentToday(ctx.db, ctx.clock.now(), ctx.user.id, input.id)),
  schoolDayMessages: parentProcedure.query(async ({ ctx }) => ({ messages: await readSchoolDayMessages(ctx.db, ctx.user.id) })),
  setSchoolDayMessages: parentProcedure.input(schoolDayMessagesInput).mutation(async ({ ctx, input }) => ({ messages: await setSchoolDayMessages(ctx.db, ctx.user.id, input) })),
};
