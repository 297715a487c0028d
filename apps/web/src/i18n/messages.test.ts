import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_MESSAGES, MESSAGES, MODIFICATION_TOASTS, SERVER_MESSAGES, registrationInput } from '@school-transport/contracts';
import i18n, { loadLanguage } from './index.js';
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
    const error = new TRPCClientError(SERVER_MESSAGES.termsVersionNotActive, { result: { error: { data: { issues: { parentPhone: MESSAGES.phoneDigits } } } } as never });
    expect(errorMessage(error, 'fallback')).toBe('هذه الشروط لم تعد سارية. يرجى قراءة الشروط الحالية والموافقة عليها.');
    expect(errorMessage(new Error(''), 'احتياطي')).toBe('احتياطي');
    expect(fieldIssues(error)).toEqual({ parentPhone: 'يجب أن يتكون رقم الهاتف من 8 أرقام' });
  });
});
