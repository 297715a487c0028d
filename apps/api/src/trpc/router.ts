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

/**
 * Calls the caller's procedure by its dotted name ('admin.schools.list'), as the REST paths and the
 * first screens name them; the procedure's own input schema and guards apply as on any call.
 */
export function callByName(caller: Caller, name: string, input?: unknown): Promise<unknown> {
  let node: unknown = caller;
  for (const key of name.split('.')) node = (node as Record<string, unknown>)[key];
  return (node as (input?: unknown) => Promise<unknown>)(input);
}
