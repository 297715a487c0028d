// First, before any module can use Zod.
import './zod-config.js';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import './styles/first-screen.js';
import './i18n/index.js';
import { applyLanguage, initialLanguage, rememberLanguageForServer } from './i18n/language.js';
import { App } from './App.js';
import { preloadPage } from './Router.js';
import { queryClient } from './trpc.js';
import { seedFirstScreen } from './routing/first-screen-data.js';

const container = document.getElementById('root')!;
const language = initialLanguage();
// The server renders the public pages in English (entry-server.tsx) when this browser's language is English.
rememberLanguageForServer(language);
const serverRendered = container.hasChildNodes() && language === 'en';
// The data the server rendered the page with goes into the cache first, before the page's loading
// (preloadPage) would ask for it again.
const pageData = document.getElementById('page-data')?.textContent;
if (serverRendered && pageData) hydrate(queryClient, JSON.parse(pageData));
// A guarded page's HTML carries the signed-in user's session and its first screen's answers.
seedFirstScreen(queryClient, document);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * A page the server rendered is hydrated as it is, with the data it was rendered with in the
 * cache; anything else is rendered here. The first render runs as a transition, which React splits into
 * short tasks: a phone stays responsive while the page is built (Lighthouse's total blocking time).
 */
function render() {
  if (serverRendered) {
    // public/paint-first.js started this code after the browser had painted the server's page.
    startTransition(() => void hydrateRoot(container, app));
    return;
  }
  // English markup from the server, for a browser set to Arabic: rendered again in Arabic.
  container.replaceChildren();
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

// The first render waits for the page's code (Router.tsx's preloadPage; its files were already
// fetched alongside the entry, named in the HTML's Link header) and, in Arabic, for the Arabic
// strings: the first paint is the page itself, already right to left, rather than a spinner or
// English for a moment. A failed download renders anyway: the page's own loading retries it, and
// the strings fall back to English.
void Promise.allSettled([
  preloadPage(window.location.pathname),
  language === 'en' ? null : applyLanguage(language).catch((error: unknown) => console.error('Loading the Arabic strings failed', error)),
]).then(render);
