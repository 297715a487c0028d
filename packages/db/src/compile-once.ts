import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/**
 * A query whose SQL depends only on its shape, never on its values, built and compiled once per
 * database handle; each call puts its values in their parameters' places. For the queries that
 * run on every request of a role's first screen (the parent's students, the driver's list), where
 * Kysely's building and compiling is a fifth of the server's time per request (docs/performance.md).
 *
 * The builder is called once with stand-in values. Each must reach the SQL as a parameter, as
 * given: a builder that changes its arguments or chooses its SQL by them is refused at that first
 * call rather than answering with another caller's values.
 */
export function compileOnce<DB, Args extends string[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => CompiledQuery<Row> {
  const templates = new WeakMap<Kysely<DB>, { query: CompiledQuery<Row>; places: number[] }>();
  return (db, ...args) => {
    let template = templates.get(db);
    if (!template) {
      const standIns = args.map((_, index) => `\u0000compile-once-${index}-${Math.random()}`) as Args;
      const query = build(db, ...standIns).compile();
      const places = query.parameters.map((value) => standIns.indexOf(value as string));
      standIns.forEach((standIn, index) => {
        if (!places.includes(index) || query.sql.includes(standIn))
          throw new Error(`compileOnce: argument ${index + 1} does not reach the query as a parameter`);
      });
      template = { query, places };
      templates.set(db, template);
    }
    const { query, places } = template;
    return { ...query, parameters: places.map((place, index) => (place >= 0 ? args[place] : query.parameters[index])) };
  };
}
