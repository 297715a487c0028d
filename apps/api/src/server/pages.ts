import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SERVER_MESSAGES } from '@school-transport/contracts';
import { createCaller } from '../trpc/router.js';
import { loadPageRenderer, type PublicQuery } from '../page-rendering.js';
import { firstScreenAnswers, sendWithFirstScreen, type FirstScreen } from '../first-screen-data.js';
import { isApiRequest } from '../security/request-paths.js';
import { errorBody } from '../errors.js';
import type { RequestContextFactory } from './api.js';

export interface PageSettings {
  /** The built web app; when set, page routes fall back to its index.html. */
  webDist: string | undefined;
  createContext: RequestContextFactory;
  /** Counts a request no route serves against the per-address cap (security.ts), if there is one. */
  countUnmatchedRequest: preHandlerAsyncHookHandler | undefined;
}

/**
 * The web app's files and pages, and the answer to a path no route serves: an API path gets 404
 * `{ message }`, a page the app (which shows its own 'Page Not Found').
 */
export async function registerPages(app: FastifyInstance, { webDist, createContext, countUnmatchedRequest }: PageSettings): Promise<void> {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      // '/' is a page like the others (servePage below), not the file index.html.
      index: false,
      // The build writes a .br and a .gz beside each text file (apps/web/build/precompress.ts): served
      // to clients that accept them, compressed once at build time rather than on every request.
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed file names change with their content: cached for a year. index.html is revalidated.
        const immutable = path.includes(`${join('/', 'assets', '/')}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const preloads = webDist ? readRoutePreloads(webDist) : new Map<string, RoutePreloads>();
  const pageRenderer = webDist ? await loadPageRenderer(webDist) : undefined;
  const indexHtmlFile = webDist ? join(webDist, 'index.html') : undefined;
  const indexHtml = indexHtmlFile && existsSync(indexHtmlFile) ? readFileSync(indexHtmlFile, 'utf8') : undefined;
  /** A page of the web app: rendered here when it is a public page in English, else the app's index.html. */
  const servePage = async (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0]!.replace(/(.)\/$/, '$1');
    void reply.header('Cache-Control', 'no-cache');
    const links = preloads.get(pathname);
    let caller: Promise<ReturnType<typeof createCaller>> | undefined;
    const callerForRequest = () => (caller ??= createContext({ req, res: reply }).then(createCaller));
    const loadPublic = async (query: PublicQuery) => (await callerForRequest()).public[query]();
    const rendered = await pageRenderer?.render(req, pathname, loadPublic, { styles: links?.styles ?? [], scripts: links?.scriptFiles ?? [] });
    // A page rendered here names its code and carries its stylesheets and data; one the browser renders preloads them all.
    if (links && !rendered) void reply.header('Link', links.codeAndData);
    // A guarded page opened by its own user carries their session and first screen's answers.
    if (!rendered && links?.firstScreen && indexHtml && req.method === 'GET') {
      const answers = await firstScreenAnswers(links.firstScreen, await callerForRequest(), req);
      if (answers) return sendWithFirstScreen(reply, req, indexHtml, answers);
    }
    if (rendered) {
      // The page depends on the browser's language (cookie, Accept-Language) and is sent compressed.
      void reply.header('Vary', 'Accept-Encoding, Accept-Language, Cookie').type('text/html; charset=utf-8');
      if (rendered.encoding) void reply.header('Content-Encoding', rendered.encoding);
      return reply.send(rendered.body);
    }
    // Page routes are the web app's: it shows its own 'Page Not Found'.
    return reply.sendFile('index.html');
  };
  // '/' is a page like the others, not the static folder's index.
  if (webDist) app.get('/', servePage);
  // Requests to API paths no route serves count against the cap too.
  app.setNotFoundHandler({ preHandler: countUnmatchedRequest }, async (req, reply) => {
    const isApi = isApiRequest(req);
    if (!isApi && webDist && (req.method === 'GET' || req.method === 'HEAD')) return servePage(req, reply);
    return reply.code(404).send(errorBody(SERVER_MESSAGES.notFound));
  });
}

/**
 * The web build lists, per page route, the chunks and styles its lazily loaded page needs
 * (apps/web/build/route-preloads.ts). Named in a `Link` header on the page's HTML, they download
 * in parallel with the entry instead of after it: one round trip less on a phone. The data a page
 * opens with is named too (apps/web/src/routing/page-data.ts).
 */
interface RoutePreloads {
  /** The page's stylesheets and chunks: in the HTML of a page rendered here (page-rendering.ts). */
  styles: string[];
  scriptFiles: string[];
  /** Its chunks, stylesheets and the data it opens with, as a Link header, for when the browser renders the page. */
  codeAndData: string;
  /** A guarded page's roles and first screen's queries, answered in its HTML (first-screen-data.ts). */
  firstScreen?: FirstScreen;
}

function readRoutePreloads(webDist: string): Map<string, RoutePreloads> {
  const file = join(webDist, '.vite', 'route-preloads.json');
  const links = new Map<string, RoutePreloads>();
  if (!existsSync(file)) return links;
  const routes = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    { scripts: string[]; styles: string[]; data?: string[]; roles?: string[]; firstScreen?: string[] }
  >;
  for (const [route, { scripts, styles, data = [], roles, firstScreen }] of Object.entries(routes)) {
    // Vite's loader links a chunk's stylesheet with crossorigin (anonymous); a preload without it would not be used.
    const styleLinks = styles.map((href) => `<${href}>; rel=preload; as=style; crossorigin`);
    const scriptLinks = scripts.map((href) => `<${href}>; rel=modulepreload`);
    // The page's first data (the web client's own request: credentials included, so the preload matches it).
    const dataLinks = data.map((href) => `<${href}>; rel=preload; as=fetch; crossorigin=use-credentials`);
    links.set(route, {
      styles,
      scriptFiles: scripts,
      codeAndData: [...styleLinks, ...scriptLinks, ...dataLinks].join(', '),
      ...(roles && firstScreen ? { firstScreen: { roles, firstScreen } } : {}),
    });
  }
  return links;
}
