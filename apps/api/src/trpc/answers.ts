import type { z } from 'zod';
import type { StandardParser } from './endpoint.js';

/**
 * Whether every answer is checked against its schema before it goes out: on in the API tests
 * (vitest.shared.ts sets ANSWER_CHECKS=strict), off in production, where `pnpm bench` showed the
 * check costing 5–25% of an endpoint's throughput, more than the 5% it may (docs/performance.md).
 */
export const ANSWER_CHECKS_ON = process.env.ANSWER_CHECKS === 'strict';

/**
 * The fields an answer carries that its schema does not name (the schema, parsing, drops them), as
 * dotted paths: a schema that forgets a field the clients read is as wrong as one that names a
 * field nobody sends.
 */
export function unnamedFields(sent: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((item, index) => unnamedFields(item, parsed[index], `${path}[${index}]`));
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    if (!(key in parsed)) return value === undefined ? [] : [at];
    return unnamedFields(value, parsed[key], at);
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What is wrong with an answer against its schema: the schema's own issues, then any field it does not name. */
export function answerProblems(schema: z.ZodType, answer: unknown): string[] {
  const result = schema.safeParse(answer);
  if (!result.success) return result.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`);
  return unnamedFields(answer, result.data).map((field) => `${field}: not in the answer's schema`);
}

/**
 * A procedure's answer schema as tRPC's output parser. The answer goes out exactly as the procedure
 * made it, never a parsed copy: parsing would drop fields and lose the identity of a replayed
 * answer (replayed-answers.ts). When checks are on, an answer that does not match fails the call
 * with the problems named, so a test that receives it fails.
 */
export function checkedAnswer<Answer extends z.ZodType>(schema: Answer): StandardParser<z.input<Answer>, z.output<Answer>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'school-transport',
      validate(answer) {
        if (!ANSWER_CHECKS_ON) return { value: answer as z.output<Answer> };
        const problems = answerProblems(schema, answer);
        if (problems.length === 0) return { value: answer as z.output<Answer> };
        // The call fails with tRPC's 'Output validation failed' (a 500 to the client): the problems go to the test's output.
        console.error(`An answer does not match its schema:\n  ${problems.join('\n  ')}`);
        return { issues: problems.map((message) => ({ message: `The answer does not match its schema: ${message}` })) };
      },
    },
  };
}

/**
 * One event of a stream (the live bus), checked against its schema as an answer is: when checks
 * are on, an event that does not match ends the stream with the problems named.
 */
export function checkedEvent<Event>(schema: z.ZodType, event: Event): Event {
  if (!ANSWER_CHECKS_ON) return event;
  const problems = answerProblems(schema, event);
  if (problems.length === 0) return event;
  console.error(`A stream's event does not match its schema:\n  ${problems.join('\n  ')}`);
  throw new Error(`The event does not match its schema: ${problems.join('; ')}`);
}
