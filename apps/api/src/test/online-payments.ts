import type { TestServer } from './harness.js';
import { createParent, createStudent } from './factories.js';
import { generateFeesForMonth } from '../domain/fees/generate.js';
import type { TapSettings } from '../domain/fees/online/tap-client.js';

/** Tap's settings for a test server: the stand-in's API; publicUrl is set once the server listens. */
export const tapSettingsFor = (apiUrl: string, secretKey: string): TapSettings => ({ secretKey, apiUrl, publicUrl: '' });

/**
 * A family of its own with two children at 30.00 BHD a month (registered long before `months`) and
 * their fee rows of those months, the parent signed in as `client`; `feeIds` oldest month first.
 */
export async function createTwoChildFamily(t: TestServer, { schoolId, areaId, months }: { schoolId: string; areaId: string; months: readonly string[] }) {
  const parent = await createParent(t.db);
  const children = [];
  for (const firstName of ['Maryam', 'Ali']) {
    children.push(await createStudent(t.db, { schoolId, areaId, parentId: parent.parentId, firstName, priceBhd: '30.00', createdAt: new Date('2024-01-01T00:00:00Z') }));
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
