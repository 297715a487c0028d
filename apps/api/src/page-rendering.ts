import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';

/** What apps/web/src/entry-server.tsx exports (the web build's dist-ssr/entry-server.js). */
interface WebServerEntry {
  SERVER_RENDERED_PAGES: readonly string[];
  pageQueries(pathname: string): readonly PublicQuery[];
  loadEverything(): Promise<void>;
  /** `answers`: those of pageQueries(pathname), in its order. */
  renderPage(pathname: string, answers: readonly unknown[]): Promise<{ html: string; data: string }>;
}

/** The public queries a page may open with (apps/web/src/routing/page-data.ts). */
export type PublicQuery = 'meta' | 'terms' | 'settings';

/** A server-rendered page's HTML, compressed for the browser when it accepts it. */
export interface RenderedHtml {
  body: Buffer;
  encoding: 'br' | 'gzip' | undefined;
}

export interface PageRenderer {
  /**
   * The page's HTML rendered by the server, or undefined when the browser renders it (not a public
   * page, not English, or rendering failed). `files` are the page's own stylesheets and chunks (its lazily
   * loaded code's), which its HTML carries and names.
   */
  render(req: FastifyRequest, pathname: string, loadPublic: (query: PublicQuery) => Promise<unknown>, files: PageFiles): Promise<RenderedHtml | undefined>;
}

/** The files of a page's lazily loaded code (apps/web/build/route-preloads.ts). */
export interface PageFiles {
  styles: readonly string[];
  scripts: readonly string[];
}

/** A rendered page as sent: plain, and compressed once when it is rendered (brotli at 6: some 10 ms for /register, 11 would take 230 ms for 10% less). */
interface CachedPage {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The render cache's size: a handful of public pages whose data changes rarely. */
const CACHED_RENDERS = 32;

/**
 * The public pages rendered to HTML by the server, in English (the web's entry-server.tsx), so that a
 * phone paints the page before the app's code has arrived. Absent when the web app was built
 * without its server entry: the browser then renders every page.
 *
 * The page's data (public reference data and terms: nothing about anyone) goes into the HTML as a
 * JSON block the browser's query cache is hydrated from; a JSON block is not a script, so the
 * Content-Security-Policy needs no exception. The markup arrives `inert` and the app lifts that once
 * it has hydrated the page (web routing/page-hydrated.ts): a tap before then would be lost, a form sent by the browser
 * itself with what was typed in its address. Renders are cached per page and data, so a page costs
 * its render (some 40 ms of CPU) only when its data has changed.
 */
export async function loadPageRenderer(webDist: string): Promise<PageRenderer | undefined> {
  const entryFile = join(webDist, '..', 'dist-ssr', 'entry-server.js');
  const templateFile = join(webDist, 'index.html');
  if (!existsSync(entryFile) || !existsSync(templateFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as WebServerEntry;
  const template = scriptsAfterThePage(inlineStyles(readFileSync(templateFile, 'utf8'), webDist));
  if (!template.includes('<div id="root" data-entry=')) throw new Error(`${templateFile} has no empty <div id="root"></div> to render into`);
  // Every lazily loaded part of the public pages, loaded now rather than during the first visitor's request.
  await entry.loadEverything();
  const pages = new Set(entry.SERVER_RENDERED_PAGES);
  const cache = new Map<string, CachedPage>();

  /** The page with this data, rendered now or cached by an earlier request. */
  async function pageWithData(pathname: string, loadPublic: (query: PublicQuery) => Promise<unknown>, files: PageFiles): Promise<CachedPage> {
    // The data is asked for first: the render is cached per page and data, so a change shows at once.
    const queries = entry.pageQueries(pathname);
    const answers = await Promise.all(queries.map(loadPublic));
    const key = JSON.stringify([pathname, answers]);
    let page = cache.get(key);
    if (!page) {
      const { html, data } = await entry.renderPage(pathname, answers);
      // The page's own stylesheets are inlined too.
      const pageStyles = files.styles.map((href) => styleElement(webDist, href)).join('');
      // In the build's order, what a chunk imports before it: paint-first.js runs them one task each.
      const pageScripts = files.scripts.map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" data-run-first href="${href}">`).join('');
      const plain = Buffer.from(
        template
          .replace('</head>', () => `${pageStyles}${pageScripts}</head>`)
          .replace(
            /<div id="root"( data-entry="[^"]+")><\/div>/,
            (_root, entryAttribute: string) =>
              `<div id="root"${entryAttribute} inert>${html}</div><script type="application/json" id="page-data">${escapeJsonForHtml(data)}</script>`,
          ),
      );
      page = {
        plain,
        br: brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
        gzip: gzipSync(plain, { level: 9 }),
      };
      if (cache.size >= CACHED_RENDERS) cache.clear();
      cache.set(key, page);
    }
    return page;
  }

  return {
    async render(req, pathname, loadPublic, files) {
      if (!pages.has(pathname) || !wantsEnglish(req)) return undefined;
      let page: CachedPage | undefined;
      try {
        page = await pageWithData(pathname, loadPublic, files);
      } catch (error) {
        // The database unreachable, or a bug in a page: the browser renders it, with its own error states.
        req.log.error({ err: error, pathname }, 'rendering a page on the server failed; the browser renders it');
        return undefined;
      }
      const encoding = acceptedEncoding(req);
      return { body: encoding ? page[encoding] : page.plain, encoding };
    },
  };
}

/**
 * The stylesheets a server-rendered page is painted with go into its HTML: the phone paints it as soon as the
 * HTML is in, with no stylesheet to fetch first.
 */
function inlineStyles(html: string, webDist: string): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_link, href: string) => styleElement(webDist, href));
}

/**
 * The page is whole without its code, which only makes it answer: the code is fetched at low
 * priority, so on a slow connection the HTML and what it shows come first, and it starts only once
 * the page is painted (public/paint-first.js: the entry it starts is named on the root element, the
 * files it runs one by one before it are marked data-run-first).
 */
function scriptsAfterThePage(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('index.html has no module script to start the app with');
  return html
    .replace(
      entry[0],
      () => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${entry[1]}"><script type="module" src="/paint-first.js"></script>`,
    )
    .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" data-run-first href=')
    .replace('<div id="root"></div>', () => `<div id="root" data-entry="${entry[1]}"></div>`);
}

/**
 * A stylesheet's rules in the page, and beside them a disabled link to its file (a disabled stylesheet
 * is neither fetched nor applied): the app's loader finds the link and does not add the stylesheet
 * again, which would fetch it and restyle the whole page.
 */
function styleElement(webDist: string, href: string): string {
  if (!/^\/assets\/[\w.-]+\.css$/.test(href)) throw new Error(`Unexpected stylesheet ${href}`);
  const css = readFileSync(join(webDist, href), 'utf8');
  // '</style' cannot appear in the build's CSS (it would end the element early); checked, not assumed.
  if (/<\/style/i.test(css)) throw new Error(`${href} contains '</style'`);
  return `<style data-href="${href}">${css}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
}

/**
 * The browser's language as main.tsx will choose it: the `language` cookie it keeps
 * (i18n/language.ts), else the first language its Accept-Language names (navigator.languages[0]).
 */
function wantsEnglish(req: FastifyRequest): boolean {
  const cookie = req.cookies?.language;
  if (cookie) return cookie === 'en';
  const first = req.headers['accept-language']?.split(',')[0]?.trim().toLowerCase() ?? '';
  return !first.startsWith('ar');
}

/** Brotli if the browser takes it, else gzip, else none (every browser of the last decade sends both). */
export function acceptedEncoding(req: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  if (/\bbr\b(?!;q=0(?:\.0*)?\b)/.test(accepted)) return 'br';
  if (/\bgzip\b(?!;q=0(?:\.0*)?\b)/.test(accepted)) return 'gzip';
  return undefined;
}

/** JSON inside <script>: '<' escaped, so no '</script>' or '<!--' in the data can end or change the block. */
export function escapeJsonForHtml(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
