import { PGlite } from '@electric-sql/pglite';
const p = await PGlite.create();
const r = await p.query(`select 25.5::numeric(10,2) as n, count(*) as c, now() as t, '{"a":1}'::jsonb as j, gen_random_uuid() as u`);
console.log(r.rows, typeof r.rows[0].c);
const c = await p.clone(); console.log(!!c);
