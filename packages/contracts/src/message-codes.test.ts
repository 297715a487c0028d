import { describe, expect, it } from 'vitest';
import { isMessageCode, MESSAGE_GROUPS, messageCode } from './message-codes.js';
import { FEE_MESSAGES, SERVER_MESSAGES, STUDENT_MESSAGES } from './messages.js';

const entries = Object.entries(MESSAGE_GROUPS).flatMap(([group, messages]) =>
  Object.entries(messages as Record<string, string>).map(([key, text]) => ({ code: `${group}.${key}`, text })),
);
const textOf = new Map(entries.map(({ code, text }) => [code, text]));

describe('message codes', () => {
  it('name each message by its group and key', () => {
    expect(messageCode(SERVER_MESSAGES.tooManyAttempts)).toBe('server.tooManyAttempts');
    expect(messageCode(FEE_MESSAGES.fileTooLarge)).toBe('fees.fileTooLarge');
    expect(messageCode(STUDENT_MESSAGES.parentEmailTaken)).toBe('students.parentEmailTaken');
  });

  it('find every message of the contract by its English, and only codes that exist', () => {
    for (const { code, text } of entries) {
      expect(isMessageCode(code), code).toBe(true);
      // The code found for a text names that very text (its own, or a synonym's with the same words).
      expect(textOf.get(messageCode(text) ?? ''), code).toBe(text);
    }
  });

  it('give no code to text the contract does not have', () => {
    expect(messageCode('duplicate key value violates unique constraint "users_email_key"')).toBeUndefined();
    expect(messageCode('toString')).toBeUndefined();
    expect(isMessageCode('server.noSuchMessage')).toBe(false);
    expect(isMessageCode('constructor')).toBe(false);
    expect(isMessageCode(undefined)).toBe(false);
  });

  it('share one English text between two codes only where both say the same thing', () => {
    const codesOfText = new Map<string, string[]>();
    for (const { code, text } of entries) codesOfText.set(text, [...(codesOfText.get(text) ?? []), code]);
    const shared = [...codesOfText.values()].filter((codes) => codes.length > 1);
    // A new message worded like an existing one gets the existing one's code on the wire, so its own
    // translation would never be shown: word it apart, or add it here once it means the very same.
    // (The web's catalog test checks that each of these reads the same in Arabic too.)
    expect(shared).toEqual([
      ['students.studentNotFound', 'parent.studentNotFound'],
      ['students.pageInvalid', 'analytics.pageInvalid'],
    ]);
  });
});
