import { parentProcedure, router } from '../init.js';
import { listParentStudents } from '../../domain/parent/students.js';

/** The parent portal: own students only. */
export const parentRouter = router({
  students: parentProcedure.query(async ({ ctx }) => ({ students: await listParentStudents(ctx.db, ctx.user.id) })),
});
