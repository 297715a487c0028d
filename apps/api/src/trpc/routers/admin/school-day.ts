import { absenceId, absenceInput, adminRunsQuery, officeMarkInput, officeRunInput, officeRunQuery, schoolDaySettings, substituteInput } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { allowedOverCapacity } from '../../../security/roles.js';
import { asReplayed } from '../../replayed-answers.js';
import { cancelAbsence, listAbsencesOnDate, reportAbsence } from '../../../domain/school-day/absences.js';
import { listOfficeRuns, setRunSubstitute } from '../../../domain/school-day/office-runs.js';
import { recordMark } from '../../../domain/school-day/marks.js';
import { endRun, type RunActor } from '../../../domain/school-day/runs.js';
import { readOfficeRun } from '../../../domain/school-day/today.js';
import { readSchoolDaySettings, updateSchoolDaySettings } from '../../../domain/school-day/settings.js';
import type { Context } from '../../context.js';
import type { SessionUser } from '@school-transport/contracts';

/** The office acting for a driver: recorded as the office member's doing in the audit log. */
const officeFor = (ctx: Context & { user: SessionUser }, driverId: string): RunActor => ({ kind: 'office', driverId, actor: actorOf(ctx), officeName: ctx.user.name });

/** The office's school day: every driver's runs, absences for families that phoned, acting for a driver, substitutes, the settings. */
export const adminSchoolDayRouter = router({
  runs: officeProcedure('schoolDay.read').input(adminRunsQuery).query(async ({ ctx, input }) => ({ runs: await listOfficeRuns(ctx.db, ctx.clock.now(), input.date) })),
  absences: officeProcedure('schoolDay.read').input(adminRunsQuery).query(async ({ ctx, input }) => ({ absences: await listAbsencesOnDate(ctx.db, ctx.clock.now(), input.date) })),
  reportAbsence: officeProcedure('absences.manage').input(absenceInput).mutation(async ({ ctx, input }) => ({ absence: await reportAbsence(ctx.db, ctx.clock.now(), { kind: 'office', actor: actorOf(ctx) }, input) })),
  cancelAbsence: officeProcedure('absences.manage').input(absenceId).mutation(async ({ ctx, input }) => ({ absence: await cancelAbsence(ctx.db, ctx.clock.now(), { kind: 'office', actor: actorOf(ctx) }, input.id) })),
  run: officeProcedure('schoolDay.read').input(officeRunQuery).query(async ({ ctx, input }) => ({ run: await readOfficeRun(ctx.db, ctx.clock.now(), input.driverId, input.run, input.date) })),
  mark: officeProcedure('runs.act').input(officeMarkInput).mutation(async ({ ctx, input }) => {
    const { mark, created } = await recordMark(ctx.db, ctx.clock.now(), officeFor(ctx, input.driverId), input);
    return created ? { mark } : asReplayed({ mark });
  }),
  endRun: officeProcedure('runs.act').input(officeRunInput).mutation(async ({ ctx, input }) => ({ run: await endRun(ctx.db, ctx.clock.now(), officeFor(ctx, input.driverId), input.run, input.date) })),
  substitute: officeProcedure('runs.act')
    .input(substituteInput)
    .mutation(async ({ ctx, input }) => ({ run: await setRunSubstitute(ctx.db, ctx.clock.now(), actorOf(ctx), input, allowedOverCapacity(ctx.user, input.allowOverCapacity)) })),
  settings: officeProcedure('settings.manage').query(async ({ ctx }) => ({ settings: await readSchoolDaySettings(ctx.db) })),
  updateSettings: officeProcedure('settings.manage').input(schoolDaySettings).mutation(async ({ ctx, input }) => ({ settings: await updateSchoolDaySettings(ctx.db, actorOf(ctx), input) })),
});
