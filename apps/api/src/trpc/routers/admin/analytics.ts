import { adminStatistics } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { readStatistics } from '../../../domain/admin/statistics.js';

/**
 * The Analytics tab's figures. They are the same for every admin and count every student in a
 * handful of aggregate queries: cached a few seconds (domain/answer-cache.ts), cleared after any write.
 */
export const adminAnalyticsRouter = router({
  statistics: officeEndpoint('analytics.read', {
    answer: adminStatistics,
    rest: {
      route: 'GET /api/admin/statistics',
      summary: 'Totals, registrations this and last month, growth, revenue, and students per area, school and driver',
      operationId: 'admin.statistics',
    },
  }).query(({ ctx }) => ctx.answerCache.get('statistics', () => readStatistics(ctx.db))),
});
