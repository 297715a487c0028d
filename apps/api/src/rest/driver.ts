import { paramOf, type RestShims } from './caller.js';

/**
 * The driver portal (spec section 7, issue 9): GET /api/driver/me (the info card),
 * GET /api/driver/students (the signed-in driver's list) and GET /api/driver/students/{driverId}
 * (the same list, for the driver's own id only).
 */
export const driverShims: RestShims = (app, callerFor) => {
  app.get('/api/driver/me', async (req, reply) => (await callerFor(req, reply)).driver.me());
  app.get('/api/driver/students', async (req, reply) => (await callerFor(req, reply)).driver.students());
  app.get('/api/driver/students/:driverId', async (req, reply) => (await callerFor(req, reply)).driver.students({ driverId: paramOf(req, 'driverId') }));
};
