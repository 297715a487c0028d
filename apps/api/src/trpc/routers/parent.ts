import { router } from '../init.js';

/** The parent portal: own students only. */
export const parentRouter = router({});
