// First, before any module can use Zod.
import './zod-config.js';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/first-screen.js';
import './i18n/index.js';
import { applyLanguage, initialLanguage } from './i18n/language.js';
import { App } from './App.js';

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

// English renders at once; Arabic first fetches its strings, so the first paint is already Arabic
// and right to left rather than English for a moment (on a failed download, English it is).
const language = initialLanguage();
if (language === 'en') render();
else void applyLanguage(language).catch((error: unknown) => console.error('Loading the Arabic strings failed', error)).finally(render);
