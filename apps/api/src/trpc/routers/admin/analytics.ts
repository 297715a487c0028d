import { officeProcedure, router } from '../../init.js';
import { readStatistics } from '../../../domain/admin/statistics.js';

/**
 * The Analytics tab's figures. They are the same for every admin and count every student in a
 * handful of aggregate queries: cached a few seconds (domain/answer-cache.ts), cleared after any write.
 */
export const adminAnalyticsRouter = router({
  statistics: officeProcedure('analytics.read').query(({ ctx }) => ctx.answerCache.get('statistics', () => readStatistics(ctx.db))),
});
