import { startTestServer, type TestServer } from './harness.js';
import type { ServerOptions } from '../server.js';
import { startTapStandIn, type TapStandIn } from '../development/tap-stand-in.js';
import { createParent, createStudent } from './factories.js';
import { generateFeesForMonth } from '../domain/fees/generate.js';
import type { TapSettings } from '../domain/fees/online/tap-client.js';

/**
 * A test server with online payments on, against a local stand-in of Tap's API and hosted page.
 * The server's own address is Tap's return and webhook address, known once it listens.
 */
export async function startServerWithTap(
  secretKey: string,
  options: Partial<ServerOptions> = {},
): Promise<{ t: TestServer; tap: TapStandIn; settings: TapSettings }> {
  const tap = await startTapStandIn({ secretKey });
  const settings: TapSettings = { secretKey, apiUrl: tap.apiUrl, publicUrl: '' };
  const t = await startTestServer({ ...options, tap: settings });
  settings.publicUrl = t.url;
  return { t, tap, settings };
}

/**
 * A family of its own with two children at 30.00 BHD a month (registered long before `months`) and
 * their fee rows of those months, the parent signed in as `client`; `feeIds` oldest month first.
 */
export async function createTwoChildFamily(t: TestServer, { schoolId, areaId, months }: { schoolId: string; areaId: string; months: readonly string[] }) {
  const parent = await createParent(t.db);
  const children = [];
  for (const firstName of ['Maryam', 'Ali']) {
    children.push(
      await createStudent(t.db, { schoolId, areaId, parentId: parent.parentId, firstName, priceBhd: '30.00', createdAt: new Date('2024-01-01T00:00:00Z') }),
    );
  }
  for (const month of months) await generateFeesForMonth(t.db, month);
  const fees = await t.db
    .selectFrom('fees')
    .select(['id', 'month', 'studentId'])
    .where(
      'studentId',
      'in',
      children.map((child) => child.id),
    )
    .orderBy('month')
    .orderBy('studentId')
    .execute();
  return { ...parent, client: await t.signIn(parent), feeIds: fees.map((fee) => fee.id) };
}
