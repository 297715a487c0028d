import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_MESSAGES, MESSAGES, MODIFICATION_TOASTS, SERVER_MESSAGES, registrationInput } from '@school-transport/contracts';
import i18n from './index.js';
import { loadLanguage } from './load-language.js';
import { messageKey, translateMessage } from './messages.js';
import { messages } from './en/messages.js';
import { zodErrors } from '../forms/validation.js';
import { errorMessage, fieldIssues } from '../trpc.js';
import { TRPCClientError } from '@trpc/client';

describe("the shared contract's messages", () => {
  it('each have a key in the messages catalog', () => {
    for (const group of Object.values(messages)) {
      for (const text of Object.values(group)) expect(messageKey(text), text).toBeDefined();
    }
  });

  it('read as the contract says in English, and text the contract does not know stays as it came', async () => {
    await i18n.changeLanguage('en');
    expect(translateMessage(MESSAGES.firstNameRequired)).toBe('First name is required');
    expect(translateMessage('Gateway timeout at 10:02')).toBe('Gateway timeout at 10:02');
  });
});

describe('in Arabic', () => {
  beforeAll(async () => {
    await loadLanguage('ar');
    await i18n.changeLanguage('ar');
  });
  afterAll(() => i18n.changeLanguage('en'));

  it('shows the Arabic of a validation message, a server answer and a toast', () => {
    expect(translateMessage(MESSAGES.phoneDigits)).toBe('يجب أن يتكون رقم الهاتف من 8 أرقام');
    expect(translateMessage(SERVER_MESSAGES.invalidCredentials)).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
    expect(translateMessage(FEE_MESSAGES.fileTooLarge)).toMatch(/^حجم الملف/);
    expect(i18n.t('modificationToasts.submittedTitle', { ns: 'messages' })).not.toBe(MODIFICATION_TOASTS.submittedTitle);
  });

  it('gives a form its field messages in Arabic from the same Zod contract', () => {
    const errors = zodErrors(registrationInput, { firstName: '', parentPhone: '12' });
    expect(errors.firstName).toBe('الاسم الأول مطلوب');
    expect(errors.parentPhone).toBe('يجب أن يتكون رقم الهاتف من 8 أرقام');
  });

  it("translates the server's English answer and field issues, which stay English on the wire", () => {
    const error = new TRPCClientError(SERVER_MESSAGES.termsVersionNotActive, {
      result: { error: { data: { issues: { parentPhone: MESSAGES.phoneDigits } } } } as never,
    });
    expect(errorMessage(error, 'fallback')).toBe('هذه الشروط لم تعد سارية. يرجى قراءة الشروط الحالية والموافقة عليها.');
    expect(errorMessage(new Error(''), 'احتياطي')).toBe('احتياطي');
    expect(fieldIssues(error)).toEqual({ parentPhone: 'يجب أن يتكون رقم الهاتف من 8 أرقام' });
  });

  it('translates by the code the server sent, so a reworded English sentence keeps its Arabic', () => {
    // The server's English as it might read after someone rewords it in the contract.
    const reworded = new TRPCClientError('Too many sign-in attempts. Wait 60 seconds, then try again.', {
      result: {
        error: {
          data: {
            code: 'TOO_MANY_REQUESTS',
            messageCode: 'server.tooManyAttempts',
            issues: { parentPhone: 'Enter 8 digits' },
            issueCodes: { parentPhone: 'validation.phoneDigits' },
          },
        },
      },
    } as never);
    expect(errorMessage(reworded, 'fallback')).toBe('محاولات تسجيل دخول كثيرة. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.');
    expect(fieldIssues(reworded)).toEqual({ parentPhone: 'يجب أن يتكون رقم الهاتف من 8 أرقام' });
    // A REST answer's { message, code }.
    expect(translateMessage('The file is over 5 MB.', 'fees.fileTooLarge')).toBe(translateMessage(FEE_MESSAGES.fileTooLarge));
    expect(translateMessage('The file is over 5 MB.', 'fees.fileTooLarge')).toMatch(/^حجم الملف/);
  });

  it('falls back to the English for a code it does not know, and shows any other text as it came', () => {
    expect(translateMessage(SERVER_MESSAGES.forbidden, 'server.addedAfterThisBuild')).toBe('ليست لديك صلاحية الوصول إلى هذا');
    expect(translateMessage('duplicate key value violates unique constraint', 'server.addedAfterThisBuild')).toBe(
      'duplicate key value violates unique constraint',
    );
    const untranslatable = new TRPCClientError('Gateway timeout at 10:02', {
      result: { error: { data: { issues: { note: 'Too long for the gateway' } } } },
    } as never);
    expect(errorMessage(untranslatable, 'fallback')).toBe('Gateway timeout at 10:02');
    expect(fieldIssues(untranslatable)).toEqual({ note: 'Too long for the gateway' });
  });

  it('reads the same for two codes the contract words alike, whichever of them the server sends', () => {
    const codesOfText = new Map<string, string[]>();
    for (const [group, entries] of Object.entries(messages)) {
      for (const [key, text] of Object.entries(entries as Record<string, string>)) codesOfText.set(text, [...(codesOfText.get(text) ?? []), `${group}.${key}`]);
    }
    const shared = [...codesOfText.values()].filter((codes) => codes.length > 1);
    expect(shared.length).toBeGreaterThan(0);
    for (const codes of shared) {
      const arabic = codes.map((code) => i18n.t(code as never, { ns: 'messages' }));
      expect(new Set(arabic).size, codes.join(' = ')).toBe(1);
    }
  });
});
