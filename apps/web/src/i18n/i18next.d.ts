import 'i18next';
import type { resources } from './index.js';
import type { messages } from './en/messages.js';
import type { officeCatalogs } from './en/office.js';
import type { screenCatalogs } from './en/screens.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'] & typeof screenCatalogs & typeof officeCatalogs & { messages: typeof messages };
  }
}
