import i18n from './index.js';
import { messages } from './en/messages.js';
import { setMessageTranslator } from './message-translator.js';
import { formatNumber } from './format.js';
import { isMessageCode, messageCode } from '@school-transport/contracts';

// The English catalog of the contract's messages is the contract itself: added when this loads
// (with Arabic, or with a form), so the first download carries neither the contract nor Zod.
i18n.addResourceBundle('en', 'messages', messages, true, false);

/**
 * The catalog key of one of the contract's messages ("validation.firstNameRequired"): the code the
 * server sent with it when this build knows that code, else the code of its English; undefined for
 * any other text.
 */
export function messageKey(message: string, code?: string): string | undefined {
  return isMessageCode(code) ? code : messageCode(message);
}

/**
 * A message from the shared contract (a Zod issue, a server answer) in the screen's language. The
 * API answers in English (the contract) with the message's code beside it; the web shows the
 * translation of the code, so a reworded English sentence keeps its Arabic. A message without a
 * known code is looked up by its English, and any other text is shown as it came.
 */
export function translateMessage(message: string, code?: string, values?: Record<string, number | string>): string {
  const key = messageKey(message, code);
  if (!key) return message;
  // Before i18next is ready (a unit test, the first moments of a page) the contract's English it is.
  const replace =
    values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'number' ? formatNumber(value, i18n.language) : value]));
  return i18n.t(key as never, { ns: 'messages', defaultValue: message, ...(replace ? { replace } : {}) }) || message;
}

setMessageTranslator(translateMessage);

/** Every field message of a form, translated (by the field's code, where an answer gave `issueCodes`). */
export function translateMessages<T extends Record<string, string>>(errors: T, codes?: Partial<Record<string, string>>): T {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translateMessage(message, codes?.[field])])) as T;
}
