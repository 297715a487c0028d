import { router } from '../init.js';

/** The driver portal: own list only. */
export const driverRouter = router({});
