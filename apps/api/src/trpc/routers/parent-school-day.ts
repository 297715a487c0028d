import {
  absenceAnswer,
  absenceId,
  absenceInput,
  absencesAnswer,
  entityId,
  schoolCalendarAnswer,
  schoolDayMessagesAnswer,
  schoolDayMessagesInput,
  studentToday,
} from '@school-transport/contracts';
import { parentEndpoint, router } from '../init.js';
import { cancelAbsence, listParentAbsences, reportAbsence } from '../../domain/school-day/absences.js';
import { readStudentToday } from '../../domain/school-day/today.js';
import { readSchoolDayMessages, setSchoolDayMessages } from '../../domain/school-day/parent-messages.js';
import { readSchoolCalendar } from '../../domain/school-day/settings.js';

/** The family's school day: absences of their own students, each student's day, and which messages they get. */
export const parentAbsencesRouter = router({
  list: parentEndpoint({
    answer: absencesAnswer,
    rest: { route: 'GET /api/parent/absences', summary: "The family's absences from 30 days ago on" },
  }).query(async ({ ctx }) => ({ absences: await listParentAbsences(ctx.db, ctx.clock.now(), ctx.user.id) })),
  report: parentEndpoint({
    input: absenceInput,
    answer: absenceAnswer,
    rest: {
      route: 'POST /api/parent/absences',
      summary: 'Reports that a student will not ride: a day or a range of at most 31 days, the morning run, the afternoon run or both',
      from: 'body',
      status: 201,
    },
  }).mutation(async ({ ctx, input }) => ({ absence: await reportAbsence(ctx.db, ctx.clock.now(), { kind: 'parent', userId: ctx.user.id }, input) })),
  cancel: parentEndpoint({
    input: absenceId,
    answer: absenceAnswer,
    rest: { route: 'DELETE /api/parent/absences/:id', summary: 'Cancels an absence before its run starts (one under way ends early)' },
  }).mutation(async ({ ctx, input }) => ({ absence: await cancelAbsence(ctx.db, ctx.clock.now(), { kind: 'parent', userId: ctx.user.id }, input.id) })),
});

export const parentSchoolDayProcedures = {
  /** The school week and the no-service dates, for the family's date pickers. */
  schoolCalendar: parentEndpoint({ answer: schoolCalendarAnswer }).query(async ({ ctx }) => ({ calendar: await readSchoolCalendar(ctx.db) })),
  studentToday: parentEndpoint({
    input: entityId,
    answer: studentToday,
    rest: { route: 'GET /api/parent/students/:id/today', summary: "A student's day: each run's status and its marks with their times" },
  }).query(async ({ ctx, input }) => readStudentToday(ctx.db, ctx.clock.now(), ctx.user.id, input.id)),
  schoolDayMessages: parentEndpoint({
    answer: schoolDayMessagesAnswer,
    rest: {
      route: 'GET /api/parent/school-day-messages',
      summary: 'Whether the family gets boarded and dropped messages (no-show and return to school always go)',
    },
  }).query(async ({ ctx }) => ({ messages: await readSchoolDayMessages(ctx.db, ctx.user.id) })),
  setSchoolDayMessages: parentEndpoint({
    input: schoolDayMessagesInput,
    answer: schoolDayMessagesAnswer,
    rest: { route: 'PUT /api/parent/school-day-messages', summary: 'Turns boarded and dropped messages on or off', from: 'body' },
  }).mutation(async ({ ctx, input }) => ({ messages: await setSchoolDayMessages(ctx.db, ctx.user.id, input) })),
};
