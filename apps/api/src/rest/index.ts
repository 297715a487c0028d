import type { FastifyInstance } from 'fastify';
import type { CallerFor } from './caller.js';
import { authShims } from './auth.js';
import { publicShims } from './public.js';
import { registrationShims } from './registration.js';
import { parentShims } from './parent.js';
import { adminShims } from './admin.js';
import { driverShims } from './driver.js';

/** Every documented /api path, each a thin call into the tRPC procedures. */
export function registerRestShims(app: FastifyInstance, callerFor: CallerFor): void {
  for (const shims of [authShims, publicShims, registrationShims, parentShims, adminShims, driverShims]) shims(app, callerFor);
}
