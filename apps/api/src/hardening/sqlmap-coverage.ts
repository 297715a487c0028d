import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { appRouter } from '../trpc/router.js';
import { REST_PATHS } from '../rest/paths.js';

/**
 * Whether the SQL injection scan (scripts/sqlmap-scan.sh) covers every REST path that takes input:
 * each such path in rest/paths.ts needs a `target` line in scripts/sqlmap-targets.sh, or a
 * `no_input` line saying why a request cannot carry any. A path added to paths.ts without either
 * fails sqlmap-coverage.test.ts and stops the scan before it starts.
 */
interface ProcedureDef {
  _def: { inputs: z.ZodType[] };
}
const procedures = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures;

/** The fields of a procedure's input, as its query string or JSON body carries them. */
function inputFields(procedure: string | undefined): string[] {
  const schema = procedure ? procedures[procedure]?._def.inputs[0] : undefined;
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return Object.keys(json.properties ?? {});
}

/** The paths (as 'METHOD /path') that take input: a path parameter, a multipart form, or a procedure input with fields. */
export function restPathsTakingInput(): string[] {
  return Object.entries(REST_PATHS)
    .filter(([route, row]) => route.includes('/:') || row.multipart === true || inputFields(row.procedure).length > 0)
    .map(([route]) => route);
}

/** The routes a targets file scans (`target WHO METHOD '/path'`) and those it says take no input (`no_input 'METHOD /path' 'why'`). */
export function targetsIn(text: string): { scanned: string[]; withoutInput: string[] } {
  const scanned = [...text.matchAll(/^\s*target\s+\S+\s+([A-Z]+)\s+'([^']+)'/gm)].map(([, method, path]) => `${method} ${path}`);
  const withoutInput = [...text.matchAll(/^\s*no_input\s+'([A-Z]+ [^']+)'\s+'[^']+'/gm)].map(([, route]) => route!);
  return { scanned, withoutInput };
}

/** What is wrong with a targets file: a path that takes input with no target, or a target for a path that does not exist. */
export function coverageProblems(text: string): string[] {
  const { scanned, withoutInput } = targetsIn(text);
  const named = new Set([...scanned, ...withoutInput]);
  const problems = restPathsTakingInput()
    .filter((route) => !named.has(route))
    .map((route) => `${route} takes input but has no target (nor a no_input line) in scripts/sqlmap-targets.sh`);
  for (const route of named) if (!REST_PATHS[route]) problems.push(`scripts/sqlmap-targets.sh names ${route}, which rest/paths.ts does not list`);
  return problems;
}

// `tsx src/hardening/sqlmap-coverage.ts <targets file>`: the scan's own check before it starts.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const problems = coverageProblems(readFileSync(process.argv[2] ?? '../../scripts/sqlmap-targets.sh', 'utf8'));
  for (const problem of problems) console.error(problem);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
