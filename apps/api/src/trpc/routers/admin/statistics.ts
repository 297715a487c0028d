import { unassignedStudentsQuery } from '@school-transport/contracts';
import { adminProcedure } from '../../init.js';
import { readStatistics } from '../../../domain/admin/statistics.js';
import { listUnassignedStudents } from '../../../domain/admin/unassigned.js';

/** The Analytics tab's figures and the header bell's students without a driver (merged into the admin router). */
export const adminStatisticsProcedures = {
  statistics: adminProcedure.query(({ ctx }) => readStatistics(ctx.db)),
  unassignedStudents: adminProcedure.input(unassignedStudentsQuery).query(({ ctx, input }) => listUnassignedStudents(ctx.db, input.limit)),
};
