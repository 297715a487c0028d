import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';

/** Many people at once: nothing lost, nothing doubled, no 5xx. */
let t: TestServer;
let choices: { schoolId: string; areaId: string; termsVersionId: string };
beforeAll(async () => {
  t = await startTestServer();
  const stamp = Date.now().toString(36);
  const school = await t.db.insertInto('schools').values({ schoolCode: `LOAD-${stamp}`, name: 'Load School' }).returning('id').executeTakeFirstOrThrow();
  const area = await t.db.insertInto('areas').values({ name: `Load Area ${stamp}`, price: '25.00' }).returning('id').executeTakeFirstOrThrow();
  const terms = await t.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow();
  choices = { schoolId: school.id, areaId: area.id, termsVersionId: terms.id };
});
afterAll(() => t.close());

describe('200 concurrent registrations', () => {
  it('all succeed with unique automated IDs, and every acknowledged registration is stored once', async () => {
    const stamp = Date.now().toString(36);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.client().post<{ automatedId: string }>('/api/registrations', {
          firstName: 'Many',
          fathersName: 'At',
          lastName: `Once ${i}`,
          grade: 'KG1',
          studentSchoolId: `MANY-${stamp}-${i}`,
          parentName: 'Parent',
          parentEmail: `many-${stamp}-${i}@example.com`,
          parentPhone: '36005555',
          password: 'many-pass',
          serviceType: 'HOME_TO_SCHOOL',
          block: '1',
          road: '2',
          houseBuilding: '3',
          termsAccepted: true,
          ...choices,
        }),
      ),
    );
    expect(responses.filter((r) => r.status !== 201).map((r) => [r.status, r.body])).toEqual([]);
    const ids = responses.map((r) => r.body.automatedId);
    expect(new Set(ids).size).toBe(200);
    const stored = await t.db.selectFrom('students').select('automatedId').where('studentSchoolId', 'like', `MANY-${stamp}-%`).execute();
    expect(stored.map((s) => s.automatedId).sort()).toEqual([...ids].sort());
    const parents = await t.db.selectFrom('users').select('id').where('email', 'like', `many-${stamp}-%`).execute();
    expect(parents).toHaveLength(200);
  });
});
