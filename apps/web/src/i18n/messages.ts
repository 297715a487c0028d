import i18n from './index.js';
import { messages } from './en/messages.js';
import { setMessageTranslator } from './messageTranslator.js';

// The English catalog of the contract's messages is the contract itself: added when this loads
// (with Arabic, or with a form), so the first download carries neither the contract nor Zod.
i18n.addResourceBundle('en', 'messages', messages, true, false);

/** English message → its key in the `messages` namespace ("validation.firstNameRequired"). */
const KEY_OF_MESSAGE = new Map<string, string>();
for (const [group, entries] of Object.entries(messages)) {
  for (const [key, text] of Object.entries(entries as Record<string, string>)) {
    if (!KEY_OF_MESSAGE.has(text)) KEY_OF_MESSAGE.set(text, `${group}.${key}`);
  }
}

/** The catalog key of one of the contract's messages, or undefined for any other text. */
export function messageKey(message: string): string | undefined {
  return KEY_OF_MESSAGE.get(message);
}

/**
 * A message from the shared contract (a Zod issue, a server answer) in the screen's language. The
 * API answers in English (the contract); the web shows the translation of every message it knows
 * and any other text as it came.
 */
export function translateMessage(message: string): string {
  const key = messageKey(message);
  if (!key) return message;
  // Before i18next is ready (a unit test, the first moments of a page) the contract's English it is.
  return i18n.t(key as never, { ns: 'messages', defaultValue: message }) || message;
}

setMessageTranslator(translateMessage);

/** Every field message of a form, translated. */
export function translateMessages<T extends Record<string, string>>(errors: T): T {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translateMessage(message)])) as T;
}
