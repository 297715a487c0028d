import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { DEMO_SIGN_INS } from '@school-transport/db/demo';
import { SERVER_MESSAGES } from '@school-transport/contracts';
import { verifyPassword } from '../domain/passwords.js';
import { errorBody } from '../errors.js';

interface DevDependencies {
  db: Kysely<Database>;
  bootstrapAdmin: { email: string; password: string } | undefined;
}

/**
 * The admin a developer's /force-admin-login page signs in as: the ADMIN_EMAIL / ADMIN_PASSWORD
 * admin of this server, else the demo admin when the demo data holds it with its demo password.
 * The credentials live in the server's configuration, never in the web bundle. Registered only
 * when the server runs in development (see server.ts); a production server has no such path.
 */
/** The paths only a development server answers. */
export const DEV_PATHS = ['GET /api/dev/force-admin-credentials'] as const;

export function registerDevShims(app: FastifyInstance, deps: DevDependencies): void {
  app.get('/api/dev/force-admin-credentials', async (_req, reply) => {
    if (deps.bootstrapAdmin) return { email: deps.bootstrapAdmin.email, password: deps.bootstrapAdmin.password };
    const demo = DEMO_SIGN_INS.admin;
    const account = await deps.db.selectFrom('users').select('passwordHash').where('email', '=', demo.email).where('role', '=', 'admin').executeTakeFirst();
    if (account && (await verifyPassword(account.passwordHash, demo.password))) return { email: demo.email, password: demo.password };
    return reply.code(404).send(errorBody(SERVER_MESSAGES.notFound));
  });
}
