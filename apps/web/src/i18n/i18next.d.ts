import 'i18next';
import type { resources } from './index.js';
import type { messages } from './en/messages.js';
import type { officeCatalogs } from './en/office.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'] & typeof officeCatalogs & { messages: typeof messages };
  }
}
