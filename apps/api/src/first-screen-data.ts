import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '@school-transport/contracts';
import { callByName, type Caller } from './trpc/router.js';
import { PROCEDURES_BY_NAME } from './trpc/procedures.js';
import { acceptedEncoding, escapeJsonForHtml } from './page-rendering.js';

/** A guarded page's roles and its first screen's queries (apps/web/src/routing/routes.ts, via the build's route-preloads.json). */
export interface FirstScreen {
  roles: readonly string[];
  firstScreen: readonly string[];
}

/** The session query: always answered with a first screen, as the app's guard reads it first. */
const SESSION_QUERY = 'auth.user';

/**
 * Only queries go into a page: a path in the build's list that named a mutation (a list edited by
 * hand, a typo) is refused here rather than run on every page view.
 */
function isQuery(path: string): boolean {
  return PROCEDURES_BY_NAME.get(path)?.type === 'query';
}

/** Asks the caller's procedure at `path` (a query taking no input). */
function ask(caller: Caller, path: string): Promise<unknown> {
  if (!isQuery(path)) return Promise.reject(new Error(`${path} is not a query`));
  return callByName(caller, path);
}

/**
 * The answers a guarded page's first screen opens with, for the user signed in on this request, or
 * undefined when nobody is signed in or the page is not for their role (the app then sends them to
 * a sign-in page, with nothing of anyone's in the HTML).
 *
 * Each answer comes from the same procedure the app would call, with this request's own context, so
 * its guards and its scoping to the user's own students apply unchanged. A query that fails is left
 * out, and the app asks for it itself (and shows its own error).
 */
export async function firstScreenAnswers(page: FirstScreen, caller: Caller, req: FastifyRequest): Promise<Record<string, unknown> | undefined> {
  const session = (await ask(caller, SESSION_QUERY)) as { user: SessionUser | null };
  if (!session.user || !page.roles.includes(session.user.role)) return undefined;
  const answers: Record<string, unknown> = { [SESSION_QUERY]: session };
  const settled = await Promise.allSettled(page.firstScreen.map((path) => ask(caller, path)));
  settled.forEach((result, index) => {
    const path = page.firstScreen[index]!;
    if (result.status === 'fulfilled') answers[path] = result.value;
    else req.log.warn({ err: result.reason, path }, 'a first screen query failed; the browser asks for it itself');
  });
  return answers;
}

/**
 * The app's index.html with the answers in a JSON block (apps/web/src/routing/first-screen-data.ts
 * reads it), escaped as the public pages' data is: no '<' survives, so nothing in a student's name
 * or an office note can end the block. A JSON block is not a script: the Content-Security-Policy
 * needs no exception.
 *
 * The page now holds one person's data: no cache may keep it (a shared computer's back button, a
 * proxy), and it varies with the session's cookie.
 */
export function sendWithFirstScreen(reply: FastifyReply, req: FastifyRequest, indexHtml: string, answers: Record<string, unknown>): FastifyReply {
  const block = `<script type="application/json" id="first-screen-data">${escapeJsonForHtml(JSON.stringify({ answers }))}</script>`;
  const html = Buffer.from(indexHtml.replace('</body>', () => `${block}</body>`));
  const encoding = acceptedEncoding(req);
  void reply.header('Cache-Control', 'private, no-store').header('Vary', 'Accept-Encoding, Cookie').type('text/html; charset=utf-8');
  if (!encoding) return reply.send(html);
  // A few kilobytes: brotli at 5 takes well under a millisecond here.
  const body =
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } })
      : gzipSync(html, { level: 6 });
  return reply.header('Content-Encoding', encoding).send(body);
}
