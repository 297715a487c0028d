import { MESSAGE_GROUPS } from '@school-transport/contracts';

/**
 * The shared contract's messages (packages/contracts): validation messages, the server's answers,
 * the parent's modification-request toasts. In English they are the contract's own words, so there is one
 * source for each; their keys are the codes the server sends beside its English ('server.forbidden'),
 * so the Arabic catalog translates them key by key and i18n/messages.ts finds a message's words by
 * its code (or, for an answer without one, by its English).
 */
export const messages = MESSAGE_GROUPS;
