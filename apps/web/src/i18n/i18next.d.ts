import 'i18next';
import type { resources } from './index.js';
import type { messages } from './en/messages.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'] & { messages: typeof messages };
  }
}
