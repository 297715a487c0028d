import { createCallerFactory, router } from './init.js';
import { authRouter } from './routers/auth.js';
import { publicRouter } from './routers/public.js';
import { registrationRouter } from './routers/registration.js';
import { parentRouter } from './routers/parent.js';
import { adminRouter } from './routers/admin/index.js';
import { driverRouter } from './routers/driver.js';
import { payLinksRouter } from './routers/pay-links.js';

export const appRouter = router({
  auth: authRouter,
  public: publicRouter,
  registration: registrationRouter,
  parent: parentRouter,
  admin: adminRouter,
  driver: driverRouter,
  payLinks: payLinksRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
