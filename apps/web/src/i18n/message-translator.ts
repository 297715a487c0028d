/**
 * How the first download translates the contract's messages without carrying them: the message
 * map (i18n/messages.ts, which imports the contract and so Zod) registers itself here when it
 * loads, with Arabic or with the first form. Until then a message stays as the server wrote it,
 * which is already right in English.
 */
let translator: (message: string, code?: string, values?: Record<string, number>) => string = (message) => message;

export function setMessageTranslator(translate: (message: string, code?: string, values?: Record<string, number>) => string): void {
  translator = translate;
}

/**
 * One of the contract's messages in the screen's language, found by the code the server sent with
 * it ('server.forbidden') or else by its English; any other text as it came. `values` fill a
 * message's figures ('{{riders}} of {{seats}} seats').
 */
export function translateKnownMessage(message: string, code?: string, values?: Record<string, number>): string {
  return translator(message, code, values);
}
