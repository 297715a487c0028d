import { adminOverview } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { readOverview } from '../../../domain/admin/overview.js';

/** The Dashboard tab's counts; the console's list of sections shows the students' total from it too. */
export const adminDashboardRouter = router({
  overview: officeEndpoint('dashboard.read', {
    answer: adminOverview,
    rest: { route: 'GET /api/admin/overview', summary: 'Counts for the admin dashboard', operationId: 'admin.overview' },
  }).query(({ ctx }) => readOverview(ctx.db)),
});
