import { router } from '../../init.js';

/** The admin console (issue 4 and later). */
export const adminRouter = router({});
