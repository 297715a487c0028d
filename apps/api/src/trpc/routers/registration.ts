import { router } from '../init.js';

/** Student registration (issue 3). */
export const registrationRouter = router({});
