// First, before any module can use Zod.
import './zod-config.js';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/first-screen.js';
import './i18n/index.js';
import { App } from './App.js';

// The first render runs as a transition, which React splits into short tasks: a phone stays
// responsive while the page is built (Lighthouse's total blocking time).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
