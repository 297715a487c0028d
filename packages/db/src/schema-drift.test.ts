import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ts from 'typescript';
import { createTestDatabase, testEngine, type TestDatabase } from './testing.js';

/**
 * schema.ts is written by hand; the migrations are what the database really is. This test migrates
 * a fresh database and compares every table, column, kind of value and nullability with the
 * `Database` type, as the TypeScript compiler reads it, so that the two cannot drift apart: a column
 * added by a migration and forgotten in the type (or the reverse), a nullable column typed as never
 * null, or a timestamp typed as a string all fail here.
 *
 * Kinds are what the driver hands back: text, uuid, numeric and bigint as strings; integers and
 * floats as numbers; timestamps and dates as Dates; bytea as bytes; jsonb as whatever the type says (any shape but a Date or bytes).
 */
type Kind = 'string' | 'number' | 'boolean' | 'Date' | 'bytes' | 'json';
interface Column {
  kind: Kind;
  nullable: boolean;
}
type Tables = Map<string, Map<string, Column>>;

const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url));

const KIND_OF_SQL_TYPE: Record<string, Kind> = {
  uuid: 'string',
  text: 'string',
  'character varying': 'string',
  character: 'string',
  numeric: 'string',
  bigint: 'string',
  'time without time zone': 'string',
  // node-pg and PGlite both read a date column as a Date at the process's midnight.
  date: 'Date',
  integer: 'number',
  smallint: 'number',
  real: 'number',
  'double precision': 'number',
  boolean: 'boolean',
  'timestamp with time zone': 'Date',
  'timestamp without time zone': 'Date',
  bytea: 'bytes',
  jsonb: 'json',
  json: 'json',
};

/** snake_case as the CamelCasePlugin turns it into camelCase. */
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function tablesOfTheType(): Tables {
  const program = ts.createProgram([SCHEMA_FILE], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE)!;
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database');
  if (!database) throw new Error('schema.ts has no Database interface');

  const kindOf = (type: ts.Type, where: string): Column => {
    // ColumnType<Select, Insert, Update> (and Generated, JSONColumnType): what a select reads.
    const select = type.getProperty('__select__');
    const read = select ? checker.getTypeOfSymbol(select) : type;
    const parts = read.isUnion() ? read.types : [read];
    const nullable = parts.some((part) => part.flags & ts.TypeFlags.Null);
    const kinds = new Set<Kind>();
    for (const part of parts) {
      if (part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) continue;
      if (part.flags & ts.TypeFlags.StringLike) kinds.add('string');
      else if (part.flags & ts.TypeFlags.NumberLike) kinds.add('number');
      else if (part.flags & ts.TypeFlags.BooleanLike) kinds.add('boolean');
      else if (part.getSymbol()?.getName() === 'Date') kinds.add('Date');
      else if (['Buffer', 'Uint8Array'].includes(part.getSymbol()?.getName() ?? '')) kinds.add('bytes');
      else kinds.add('json');
    }
    if (kinds.size !== 1) throw new Error(`${where}: a column must read as one kind, not ${[...kinds].join(' | ') || 'nothing'}`);
    return { kind: [...kinds][0]!, nullable };
  };

  const tables: Tables = new Map();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const tableName = (member.name as ts.Identifier).text;
    const tableType = checker.getTypeFromTypeNode(member.type);
    const columns = new Map<string, Column>();
    for (const property of tableType.getProperties()) {
      columns.set(property.getName(), kindOf(checker.getTypeOfSymbol(property), `${tableName}.${property.getName()}`));
    }
    tables.set(tableName, columns);
  }
  return tables;
}

async function tablesOfTheDatabase(handle: TestDatabase): Promise<Tables> {
  const rows = await sql<{ tableName: string; columnName: string; dataType: string; isNullable: 'YES' | 'NO' }>`
    SELECT c.table_name, c.column_name, c.data_type, c.is_nullable
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name NOT LIKE 'kysely_migration%'
    ORDER BY c.table_name, c.ordinal_position`.execute(handle.db);
  const tables: Tables = new Map();
  for (const row of rows.rows) {
    const kind = KIND_OF_SQL_TYPE[row.dataType];
    if (!kind) throw new Error(`${row.tableName}.${row.columnName}: no kind known for the SQL type ${row.dataType}; add it to KIND_OF_SQL_TYPE`);
    const table = tables.get(camel(row.tableName)) ?? new Map<string, Column>();
    table.set(camel(row.columnName), { kind, nullable: row.isNullable === 'YES' });
    tables.set(camel(row.tableName), table);
  }
  return tables;
}

describe(`schema.ts against the migrated database on ${testEngine()}`, () => {
  let handle: TestDatabase;
  let typed: Tables;
  let migrated: Tables;

  beforeAll(async () => {
    handle = await createTestDatabase();
    typed = tablesOfTheType();
    migrated = await tablesOfTheDatabase(handle);
  }, 180_000);
  afterAll(() => handle.close());

  it('has every table of the migrations and no other', () => {
    expect([...typed.keys()].sort()).toEqual([...migrated.keys()].sort());
  });

  it('has every column of each table with the kind of value it reads as and its nullability', () => {
    const differences: string[] = [];
    for (const [table, columns] of migrated) {
      const typedColumns = typed.get(table);
      if (!typedColumns) continue;
      for (const [column, actual] of columns) {
        const declared = typedColumns.get(column);
        if (!declared) differences.push(`${table}.${column}: in the database, not in schema.ts`);
        else if (actual.kind === 'json' ? declared.kind === 'Date' || declared.kind === 'bytes' : declared.kind !== actual.kind)
          differences.push(`${table}.${column}: reads as ${actual.kind}, typed as ${declared.kind}`);
        else if (declared.nullable !== actual.nullable)
          differences.push(
            `${table}.${column}: ${actual.nullable ? 'nullable' : 'NOT NULL'} in the database, ${declared.nullable ? 'nullable' : 'never null'} in schema.ts`,
          );
      }
      for (const column of typedColumns.keys()) if (!columns.has(column)) differences.push(`${table}.${column}: in schema.ts, not in the database`);
    }
    expect(differences).toEqual([]);
  });
});
