import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REST_PATHS } from '../rest/paths.js';
import { coverageProblems, restPathsTakingInput, targetsIn } from './sqlmap-coverage.js';

/** The SQL injection scan's targets (scripts/sqlmap-targets.sh) against the REST paths the server answers. */
const targets = readFileSync(resolve(import.meta.dirname, '../../../../scripts/sqlmap-targets.sh'), 'utf8');

describe('the sqlmap scan covers the REST paths', () => {
  it('has a target for every path that takes input, and none for a path that does not exist', () => {
    expect(coverageProblems(targets)).toEqual([]);
  });

  it('fails for a path added without a target', () => {
    const withoutPayments = targets.replace(/^target admin POST '\/api\/admin\/payments' .*$/m, '');
    expect(coverageProblems(withoutPayments)).toEqual(['POST /api/admin/payments takes input but has no target in scripts/sqlmap-targets.sh']);
    expect(coverageProblems(`${targets}\ntarget admin GET '/api/admin/no-such-path' /api/admin/no-such-path\n`)).toEqual([
      'scripts/sqlmap-targets.sh names GET /api/admin/no-such-path, which rest/paths.ts does not list',
    ]);
  });

  it('counts path parameters, query strings, JSON bodies and the multipart upload as input', () => {
    const takingInput = restPathsTakingInput();
    expect(takingInput).toEqual(
      expect.arrayContaining(['GET /api/receipts/:file', 'GET /api/admin/fees', 'POST /api/admin/payments', 'POST /api/parent/fees/:id/proofs']),
    );
    expect(takingInput).not.toContain('GET /api/admin/statistics');
    expect(takingInput).not.toContain('GET /api/driver/students');
    expect(takingInput.length).toBeGreaterThan(Object.keys(REST_PATHS).length / 2);
  });

  it('scans one path of each input shape in CI, fee, payment and proof paths among them', () => {
    // A target's options may continue on the next line.
    const ci = targets
      .replace(/\\\n/g, ' ')
      .split('\n')
      .filter((line) => /^target /.test(line) && / --ci\b/.test(line));
    const routes = ci.flatMap((line) => targetsIn(line));
    expect(ci.some((line) => /--multipart/.test(line))).toBe(true);
    expect(ci.some((line) => /--json/.test(line))).toBe(true);
    expect(ci.some((line) => /"[^"]*\?[^"]*"/.test(line))).toBe(true);
    expect(routes.some((route) => route.includes('/:'))).toBe(true);
    for (const word of ['fees', 'payments', 'proof'])
      expect(
        routes.some((route) => route.includes(word)),
        word,
      ).toBe(true);
  });
});
