import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../domain/audit.js';
import { readFamilyRecords } from '../domain/data-rights/family-records.js';
import { parentIdOfUser } from '../domain/fees/family.js';
import { myDataZip } from '../domain/data-rights/my-data-zip.js';
import { withAccess } from '../security/access.js';
import { actorOf } from '../trpc/context.js';
import { accessOfPath } from './paths.js';
import type { ContextFor } from './caller.js';

/**
 * GET /api/parent/my-data: everything the service holds about the signed-in family, as a ZIP
 * (domain/data-rights). The download is audited before the archive is sent.
 */
export function registerMyData(app: FastifyInstance, contextFor: ContextFor): void {
  app.get('/api/parent/my-data', async (req, reply) => {
    const ctx = await contextFor(req, reply);
    const signedIn = withAccess(ctx, accessOfPath('GET /api/parent/my-data'));
    const records = await readFamilyRecords(ctx.db, signedIn.user.id);
    const parentId = await parentIdOfUser(ctx.db, signedIn.user.id);
    await recordAudit(ctx.db, actorOf({ ...ctx, user: signedIn.user }), {
      entityType: 'family',
      entityId: parentId ?? signedIn.user.id,
      action: 'download_data',
      diff: { receipts: records.receipts.length },
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', 'attachment; filename="my-data.zip"')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(myDataZip(records));
  });
}
