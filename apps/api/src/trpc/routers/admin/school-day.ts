import {
  absenceAnswer,
  absenceId,
  absenceInput,
  adminAbsencesAnswer,
  adminRunAnswer,
  adminRunsAnswer,
  adminRunsQuery,
  officeMarkInput,
  officeRunAnswer,
  officeRunInput,
  officeRunQuery,
  runMarkAnswer,
  runSummaryAnswer,
  schoolDaySettings,
  schoolDaySettingsAnswer,
  substituteInput,
} from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { allowedOverCapacity } from '../../../security/roles.js';
import { asReplayed, isReplayed } from '../../replayed-answers.js';
import { cancelAbsence, listAbsencesOnDate, reportAbsence } from '../../../domain/school-day/absences.js';
import { listOfficeRuns, setRunSubstitute } from '../../../domain/school-day/office-runs.js';
import { recordMark } from '../../../domain/school-day/marks.js';
import { endRun, type RunActor } from '../../../domain/school-day/runs.js';
import { readOfficeRun } from '../../../domain/school-day/today.js';
import { readSchoolDaySettings, updateSchoolDaySettings } from '../../../domain/school-day/settings.js';
import type { Context } from '../../context.js';
import type { SessionUser } from '@school-transport/contracts';

/** The office acting for a driver: recorded as the office member's doing in the audit log. */
const officeFor = (ctx: Context & { user: SessionUser }, driverId: string): RunActor => ({
  kind: 'office',
  driverId,
  actor: actorOf(ctx),
  officeName: ctx.user.name,
});

/** The office's school day: every driver's runs, absences for families that phoned, acting for a driver, substitutes, the settings. */
export const adminSchoolDayRouter = router({
  runs: officeEndpoint('schoolDay.read', {
    input: adminRunsQuery,
    answer: adminRunsAnswer,
    rest: {
      route: 'GET /api/admin/runs',
      summary: "Every driver's runs of a date (today by default) with status and counts, open runs with children on board first",
      from: 'query',
    },
  }).query(async ({ ctx, input }) => ({ runs: await listOfficeRuns(ctx.db, ctx.clock.now(), input.date) })),
  absences: officeEndpoint('schoolDay.read', {
    input: adminRunsQuery,
    answer: adminAbsencesAnswer,
    rest: { route: 'GET /api/admin/absences', summary: 'The absences in force on a date (today by default)', from: 'query' },
  }).query(async ({ ctx, input }) => ({ absences: await listAbsencesOnDate(ctx.db, ctx.clock.now(), input.date) })),
  reportAbsence: officeEndpoint('absences.manage', {
    input: absenceInput,
    answer: absenceAnswer,
    rest: { route: 'POST /api/admin/absences', summary: 'Records an absence for a family (a phone call)', from: 'body', status: 201 },
  }).mutation(async ({ ctx, input }) => ({ absence: await reportAbsence(ctx.db, ctx.clock.now(), { kind: 'office', actor: actorOf(ctx) }, input) })),
  cancelAbsence: officeEndpoint('absences.manage', {
    input: absenceId,
    answer: absenceAnswer,
    rest: { route: 'DELETE /api/admin/absences/:id', summary: "Cancels a family's absence" },
  }).mutation(async ({ ctx, input }) => ({ absence: await cancelAbsence(ctx.db, ctx.clock.now(), { kind: 'office', actor: actorOf(ctx) }, input.id) })),
  run: officeEndpoint('schoolDay.read', {
    input: officeRunQuery,
    answer: officeRunAnswer,
    rest: {
      route: 'GET /api/admin/drivers/:driverId/runs/:run',
      summary: "One of a driver's runs of a date (today by default) as the driver's screen shows it: each child with their status",
      from: 'query',
    },
  }).query(async ({ ctx, input }) => ({ run: await readOfficeRun(ctx.db, ctx.clock.now(), input.driverId, input.run, input.date) })),
  mark: officeEndpoint('runs.act', {
    input: officeMarkInput,
    answer: runMarkAnswer,
    rest: {
      route: 'POST /api/admin/drivers/:driverId/runs/:run/marks',
      summary: "Marks a child on a driver's run for the driver (a dead phone), audited (the same clientId again: 200 with the same mark)",
      from: 'body',
      status: (result) => (isReplayed(result) ? 200 : 201),
    },
  }).mutation(async ({ ctx, input }) => {
    const { mark, created } = await recordMark(ctx.db, ctx.clock.now(), officeFor(ctx, input.driverId), input);
    return created ? { mark } : asReplayed({ mark });
  }),
  endRun: officeEndpoint('runs.act', {
    input: officeRunInput,
    answer: runSummaryAnswer,
    rest: {
      route: 'POST /api/admin/drivers/:driverId/runs/:run/end',
      summary: "Ends a driver's run for the driver, audited (409 with the children still on the bus)",
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => ({ run: await endRun(ctx.db, ctx.clock.now(), officeFor(ctx, input.driverId), input.run, input.date) })),
  substitute: officeEndpoint('runs.act', {
    input: substituteInput,
    answer: adminRunAnswer,
    rest: {
      route: 'PUT /api/admin/drivers/:driverId/runs/:run/substitute',
      summary: "Hands one day's run to another driver (substituteDriverId null hands it back)",
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => ({
    run: await setRunSubstitute(ctx.db, ctx.clock.now(), actorOf(ctx), input, allowedOverCapacity(ctx.user, input.allowOverCapacity)),
  })),
  settings: officeEndpoint('settings.manage', {
    answer: schoolDaySettingsAnswer,
    rest: { route: 'GET /api/admin/settings/school-day', summary: 'The school week, no-service dates, planned run times and the office alert phone' },
  }).query(async ({ ctx }) => ({ settings: await readSchoolDaySettings(ctx.db) })),
  updateSettings: officeEndpoint('settings.manage', {
    input: schoolDaySettings,
    answer: schoolDaySettingsAnswer,
    rest: { route: 'PUT /api/admin/settings/school-day', summary: 'Saves the school-day settings', from: 'body' },
  }).mutation(async ({ ctx, input }) => ({ settings: await updateSchoolDaySettings(ctx.db, actorOf(ctx), input) })),
});
