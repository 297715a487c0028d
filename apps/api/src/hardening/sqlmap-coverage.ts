import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REST_PATHS } from '../rest/paths.js';

/**
 * Whether the SQL injection scan (scripts/sqlmap-scan.sh) covers every REST path that takes input:
 * each such path in rest/paths.ts needs a `target` line in scripts/sqlmap-targets.sh. A path added
 * to paths.ts without one fails sqlmap-coverage.test.ts and stops the scan before it starts.
 */

/** The paths (as 'METHOD /path') that take input: a path parameter, a query string or JSON body, a multipart form, or a handler's input. */
export function restPathsTakingInput(): string[] {
  return Object.entries(REST_PATHS)
    .filter(([route, row]) => route.includes('/:') || row.from !== undefined || row.multipart === true || row.handler?.input !== undefined)
    .map(([route]) => route);
}

/** The routes a targets file scans (`target WHO METHOD '/path' ...`), as 'METHOD /path'. */
export function targetsIn(text: string): string[] {
  return [...text.matchAll(/^\s*target\s+\S+\s+([A-Z]+)\s+'([^']+)'/gm)].map(([, method, path]) => `${method} ${path}`);
}

/** What is wrong with a targets file: a path that takes input with no target, or a target for a path that does not exist. */
export function coverageProblems(text: string): string[] {
  const scanned = new Set(targetsIn(text));
  const problems = restPathsTakingInput()
    .filter((route) => !scanned.has(route))
    .map((route) => `${route} takes input but has no target in scripts/sqlmap-targets.sh`);
  for (const route of scanned) if (!REST_PATHS[route]) problems.push(`scripts/sqlmap-targets.sh names ${route}, which rest/paths.ts does not list`);
  return problems;
}

// `tsx src/hardening/sqlmap-coverage.ts <targets file>`: the scan's own check before it starts.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const problems = coverageProblems(readFileSync(process.argv[2] ?? '../../scripts/sqlmap-targets.sh', 'utf8'));
  for (const problem of problems) console.error(problem);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
