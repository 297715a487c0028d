import { unassignedStudentsQuery } from '@school-transport/contracts';
import { adminProcedure } from '../../init.js';
import { readStatistics } from '../../../domain/admin/statistics.js';
import { listUnassignedStudents } from '../../../domain/admin/unassigned.js';

/**
 * The Analytics tab's figures and the header bell's students without a driver (merged into the admin
 * router). The figures are the same for every admin and count every student in a handful of
 * aggregate queries: cached a few seconds (domain/answer-cache.ts), cleared after any write.
 */
export const adminStatisticsProcedures = {
  statistics: adminProcedure.query(({ ctx }) => ctx.answerCache.get('statistics', () => readStatistics(ctx.db))),
  unassignedStudents: adminProcedure.input(unassignedStudentsQuery).query(({ ctx, input }) => listUnassignedStudents(ctx.db, input.limit)),
};
