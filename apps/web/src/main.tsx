// First, before any module can use Zod.
import './zod-config.js';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/first-screen.js';
import './i18n/index.js';
import { applyLanguage, initialLanguage } from './i18n/language.js';
import { App } from './App.js';
import { preloadPage } from './Router.js';

// The first render runs as a transition, which React splits into short tasks: a phone stays
// responsive while the page is built (Lighthouse's total blocking time).
const root = createRoot(document.getElementById('root')!);
const render = () =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });

// The first render waits for the page's code (Router.tsx's preloadPage; its files were already
// fetched alongside the entry, named in the HTML's Link header) and, in Arabic, for the Arabic
// strings: the first paint is the page itself, already right to left, rather than a spinner or
// English for a moment. A failed download renders anyway: the page's own loading retries it, and
// the strings fall back to English.
const language = initialLanguage();
void Promise.allSettled([
  preloadPage(window.location.pathname),
  language === 'en' ? null : applyLanguage(language).catch((error: unknown) => console.error('Loading the Arabic strings failed', error)),
]).then(render);
