import { CamelCasePlugin, type QueryResult, type UnknownRow } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CamelCase } from './camel-case.js';

const rename = (plugin: CamelCasePlugin, rows: UnknownRow[]) =>
  plugin.transformResult({ result: { rows } as QueryResult<UnknownRow>, queryId: { queryId: 'test' } });

describe('CamelCase', () => {
  it('renames rows exactly as Kysely’s CamelCasePlugin does, nested json included', async () => {
    const when = new Date(Date.UTC(2026, 10, 25));
    const rows: UnknownRow[] = [
      {
        automated_id: 'STU-2026-00001',
        contact_number1: '36000000',
        area_ids: ['a', 'b'],
        sess: { user_id: 'u', cookie: { original_max_age: null } },
        history: [{ changed_at: 'x', by_user: 'y' }, 'plain'],
        created_at: when,
        photo: Buffer.from('png'),
        nothing: null,
      },
    ];
    const ours = await rename(new CamelCase(), rows);
    expect(ours).toEqual(await rename(new CamelCasePlugin(), rows));
    expect(ours.rows[0]).toEqual({
      automatedId: 'STU-2026-00001',
      contactNumber1: '36000000',
      areaIds: ['a', 'b'],
      sess: { userId: 'u', cookie: { originalMaxAge: null } },
      history: [{ changedAt: 'x', byUser: 'y' }, 'plain'],
      createdAt: when,
      photo: Buffer.from('png'),
      nothing: null,
    });
  });
});
