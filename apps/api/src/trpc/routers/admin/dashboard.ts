import { officeProcedure, router } from '../../init.js';
import { readOverview } from '../../../domain/admin/overview.js';

/** The Dashboard tab's counts; the console's list of sections shows the students' total from it too. */
export const adminDashboardRouter = router({
  overview: officeProcedure('dashboard.read').query(({ ctx }) => readOverview(ctx.db)),
});
