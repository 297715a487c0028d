// Lighthouse 12 (mobile profile: a mid-range phone on slow 4G, simulated) against the production
// build, on the public pages a parent opens from a phone and the signed-in screens used every day.
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const LIGHTHOUSE_PAGES = ['/', '/register', '/parent-login'];
export const LIGHTHOUSE_TARGETS = { performance: 95, 'best-practices': 100 };
/** The screens parents and drivers open every day are held to full marks for accessibility too. */
export const SIGNED_IN_ACCESSIBILITY_TARGET = 100;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function loadLighthouse() {
  const require = createRequire(import.meta.url);
  const lighthouse = (await import('lighthouse')).default;
  // chrome-launcher is Lighthouse's own dependency: resolved from where Lighthouse is installed.
  const launcherPath = createRequire(require.resolve('lighthouse')).resolve('chrome-launcher');
  const chromeLauncher = await import(pathToFileURL(launcherPath).href);
  return { lighthouse, chromeLauncher };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Runs Lighthouse `runs` times per page (the median counts: one run on a shared machine can be
 * unlucky) and answers scores, metrics and what failed. `signIn` maps a page to a function that
 * signs the browser in (given its debugging port) before that page's runs; each such run must end on
 * the page asked for, not on a sign-in page it was sent to.
 */
export async function runLighthouse(baseUrl, { pages, runs = 1, reportDir, signIn = {} } = {}) {
  pages ??= LIGHTHOUSE_PAGES;
  const { lighthouse, chromeLauncher } = await loadLighthouse();
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const results = [];
  try {
    for (const path of pages) {
      if (signIn[path]) await signIn[path](chrome.port);
      const attempts = [];
      for (let run = 0; run < runs; run += 1) {
        // A busy machine now and then loses the trace (NO_NAVSTART): such a run is tried again.
        for (let attempt = 1; ; attempt += 1) {
          const { lhr } = await lighthouse(`${baseUrl}${path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'best-practices', 'accessibility', 'seo'],
          });
          if (signIn[path] && new URL(lhr.finalDisplayedUrl).pathname !== path)
            throw new Error(`${path} was not measured: the browser ended on ${lhr.finalDisplayedUrl} (signed out?)`);
          if (!lhr.runtimeError) {
            attempts.push(lhr);
            break;
          }
          if (attempt === 3) throw new Error(`Lighthouse could not load ${path}: ${lhr.runtimeError.message}`);
        }
      }
      const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
      const perf = attempts.map((lhr) => score(lhr, 'performance'));
      const chosen = attempts[perf.indexOf(median(perf))];
      if (reportDir) {
        // The whole report, for reading what an audit found (open it in the Lighthouse viewer).
        mkdirSync(reportDir, { recursive: true });
        writeFileSync(join(reportDir, `${path === '/' ? 'landing' : path.slice(1).replaceAll('/', '-')}.json`), JSON.stringify(chosen));
      }
      const metric = (id) => chosen.audits[id]?.numericValue ?? NaN;
      const failed = (category) =>
        chosen.categories[category].auditRefs
          .filter((ref) => ref.weight > 0 && (chosen.audits[ref.id]?.score ?? 1) < 1 && chosen.audits[ref.id]?.scoreDisplayMode !== 'notApplicable')
          .map((ref) => `${ref.id}: ${chosen.audits[ref.id].displayValue ?? chosen.audits[ref.id].title}`);
      results.push({
        path,
        signedIn: Boolean(signIn[path]),
        runs: perf,
        performance: median(perf),
        bestPractices: score(chosen, 'best-practices'),
        accessibility: score(chosen, 'accessibility'),
        seo: score(chosen, 'seo'),
        metrics: {
          fcpMs: Math.round(metric('first-contentful-paint')),
          lcpMs: Math.round(metric('largest-contentful-paint')),
          tbtMs: Math.round(metric('total-blocking-time')),
          cls: Number(metric('cumulative-layout-shift').toFixed(3)),
          speedIndexMs: Math.round(metric('speed-index')),
        },
        failedPerformance: failed('performance'),
        failedBestPractices: failed('best-practices'),
        failedAccessibility: failed('accessibility'),
        failedSeo: failed('seo'),
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

export function lighthouseFailures(results) {
  const failures = [];
  for (const page of results) {
    if (page.performance < LIGHTHOUSE_TARGETS.performance) failures.push(`${page.path}: performance ${page.performance} < ${LIGHTHOUSE_TARGETS.performance}`);
    if (page.bestPractices < LIGHTHOUSE_TARGETS['best-practices'])
      failures.push(`${page.path}: best practices ${page.bestPractices} < 100 (${page.failedBestPractices.join('; ')})`);
    if (page.signedIn && page.accessibility < SIGNED_IN_ACCESSIBILITY_TARGET)
      failures.push(`${page.path}: accessibility ${page.accessibility} < ${SIGNED_IN_ACCESSIBILITY_TARGET} (${page.failedAccessibility.join('; ')})`);
  }
  return failures;
}

export function printLighthouse(results) {
  console.log(`Lighthouse ${'(mobile profile, simulated slow 4G and 4x CPU slowdown)'}`);
  console.log('  page            perf  best-pr  a11y  seo   FCP     LCP     TBT    CLS    SI');
  for (const r of results) {
    const m = r.metrics;
    console.log(
      `  ${r.path.padEnd(14)} ${String(r.performance).padStart(5)} ${String(r.bestPractices).padStart(8)} ${String(r.accessibility).padStart(5)} ${String(r.seo).padStart(4)}  ${`${m.fcpMs} ms`.padStart(7)} ${`${m.lcpMs} ms`.padStart(7)} ${`${m.tbtMs} ms`.padStart(6)} ${String(m.cls).padStart(6)} ${`${m.speedIndexMs} ms`.padStart(7)}${r.runs.length > 1 ? `  runs ${r.runs.join('/')}` : ''}`,
    );
    for (const [label, list] of [
      ['performance', r.failedPerformance],
      ['best practices', r.failedBestPractices],
      ['accessibility', r.failedAccessibility],
      ['seo', r.failedSeo],
    ]) {
      if (list.length > 0) console.log(`      ${label}: ${list.join('; ')}`);
    }
  }
}
