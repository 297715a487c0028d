import { TRPCError } from '@trpc/server';
import type { output, ZodType } from 'zod';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { fieldErrors, messageCode, SERVER_MESSAGES, type MessageCode } from '@school-transport/contracts';
import { isDatabaseUnavailable } from '@school-transport/db';
import { findUnstorableText } from './security/unstorable-text.js';

/**
 * The one error type of the domain: a code the user's situation maps to, and a message fit to show.
 * tRPC codes are reused so that the mapping to HTTP statuses lives in one place (tRPC's).
 */
export type AppErrorCode =
  | 'BAD_GATEWAY'
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE';

export class AppError extends TRPCError {
  readonly issues: Record<string, string> | undefined;
  /** More of the answer beside `message`, where the contract names it (End's 409 lists the children still on the bus). */
  readonly details: Record<string, unknown> | undefined;
  /** The contract's code of a message whose figures are filled in (its English alone does not name it). */
  readonly messageCode: MessageCode | undefined;
  constructor(code: AppErrorCode, message: string, issues?: Record<string, string>, details?: Record<string, unknown>, messageCode?: MessageCode) {
    super({ code, message });
    this.issues = issues;
    this.details = details;
    this.messageCode = messageCode;
  }
}

export interface ErrorBody {
  message: string;
  /** Further fields of particular answers (AppError's details), e.g. End's `students`. */
  [detail: string]: unknown;
  issues?: Record<string, string>;
  /** The contract's name of the message ('server.tooManyAttempts'): clients translate by it, not by the English. */
  code?: MessageCode;
  /** The same for the field messages of `issues` that are the contract's. */
  issueCodes?: Record<string, MessageCode>;
}

/**
 * Every error answer's body: `message` (and `issues`) first and as they always were, then the codes
 * of those of them that are the contract's messages. Any other text (a framework's own words) goes
 * without a code and is shown as it came.
 */
export function errorBody(message: string, issues?: Record<string, string>, knownCode?: MessageCode): ErrorBody {
  const body: ErrorBody = { message };
  if (issues) body.issues = issues;
  const code = knownCode ?? messageCode(message);
  if (code) body.code = code;
  const codes = issues && issueCodesOf(issues);
  if (codes) body.issueCodes = codes;
  return body;
}

function issueCodesOf(issues: Record<string, string>): Record<string, MessageCode> | undefined {
  const entries = Object.entries(issues).flatMap(([field, message]) => {
    const code = messageCode(message);
    return code ? [[field, code] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

interface IssueCarrier {
  issues: { path: PropertyKey[]; message: string; code?: string }[];
}

function hasIssues(value: unknown): value is IssueCarrier {
  return typeof value === 'object' && value !== null && Array.isArray((value as { issues?: unknown }).issues);
}

/** Field messages of a failed input validation, keyed by field path. */
export function validationIssues(error: unknown): Record<string, string> | undefined {
  if (error instanceof AppError) return error.issues;
  const cause = error instanceof TRPCError ? error.cause : error;
  if (!hasIssues(cause)) return undefined;
  return fieldErrors(cause.issues as Parameters<typeof fieldErrors>[0]);
}

/** The HTTP status and JSON body for any error: never a stack, never an internal message. */
export function describeError(error: unknown): { status: number; body: ErrorBody } {
  if (isDatabaseUnavailable(error) || (error instanceof TRPCError && isDatabaseUnavailable(error.cause))) {
    return { status: 503, body: errorBody(SERVER_MESSAGES.unavailable) };
  }
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    const issues = validationIssues(error);
    if (issues) return { status: 400, body: errorBody(Object.values(issues)[0] ?? 'Invalid input', issues) };
    // A payment gateway that failed or refused is said in the contract's own words (502), so the
    // office and the family know nothing was charged or refunded; any other server error says nothing of itself.
    const gatewayRefusal = error instanceof AppError && error.code === 'BAD_GATEWAY';
    if (status >= 500 && !gatewayRefusal) return { status: 500, body: errorBody(SERVER_MESSAGES.internal) };
    const details = error instanceof AppError ? error.details : undefined;
    const body = errorBody(error.message, undefined, error instanceof AppError ? error.messageCode : undefined);
    return { status, body: details ? { ...body, ...details } : body };
  }
  const fastifyError = error as { statusCode?: number; message?: string; code?: string };
  const status = fastifyError.statusCode;
  if (status === 413) return { status, body: errorBody(SERVER_MESSAGES.payloadTooLarge) };
  if (status && status >= 400 && status < 500) return { status, body: errorBody(fastifyError.message ?? 'Bad request') };
  return { status: 500, body: errorBody(SERVER_MESSAGES.internal) };
}

/**
 * Validates input from outside with its contract, for the few paths that call the domain without a
 * procedure: a refusal is the same 400 `{ message, issues }` a procedure's gate and validation give.
 */
export function parseInput<Schema extends ZodType>(schema: Schema, input: unknown): output<Schema> {
  const unstorable = findUnstorableText(input);
  if (unstorable) throw new AppError('BAD_REQUEST', unstorable);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = fieldErrors(result.error.issues as Parameters<typeof fieldErrors>[0]);
  throw new AppError('BAD_REQUEST', Object.values(issues)[0] ?? 'Invalid input', issues);
}
