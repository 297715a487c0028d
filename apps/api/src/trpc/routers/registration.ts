import { registrationInput, registrationResult, SERVER_MESSAGES, type RegistrationResult } from '@school-transport/contracts';
import { publicEndpoint, router } from '../init.js';
import { registerStudent } from '../../domain/registration/register.js';
import { DEFAULT_REGISTRATION_TEXTS_PER_HOUR } from '../../domain/notifications/config.js';
import { withRetryAfter } from '../retry-after.js';

/**
 * Student registration: public; a signed-in parent registers for their own
 * account. The answer is the spec's 'message and redirectTo' and the same for every registration
 * that passes the form's checks, so it does not tell whether the email had an account;
 * the student ID goes to the parent by SMS and shows on their dashboard.
 */
export const registrationRouter = router({
  create: publicEndpoint({
    input: registrationInput,
    answer: registrationResult,
    rest: { route: 'POST /api/registrations', summary: 'Registers a student (and the parent account)', from: 'body', status: 201 },
  }).mutation(async ({ ctx, input }): Promise<RegistrationResult> => {
    const countRequest = () => withRetryAfter(ctx, () => ctx.addressLimits.count('registration', ctx.ip));
    await registerStudent(ctx.db, input, { ip: ctx.ip, user: ctx.user, countRequest }, ctx.registrationTextsPerHour ?? DEFAULT_REGISTRATION_TEXTS_PER_HOUR);
    return { message: SERVER_MESSAGES.registrationReceived, redirectTo: '/parent-login' };
  }),
});
