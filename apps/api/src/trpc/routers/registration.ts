import { registrationInput, SERVER_MESSAGES, type RegistrationResult } from '@school-transport/contracts';
import { publicProcedure, router } from '../init.js';
import { registerStudent } from '../../domain/registration/register.js';

/** Student registration (spec sections 2 and 5): public; a signed-in parent registers for their own account. */
export const registrationRouter = router({
  create: publicProcedure.input(registrationInput).mutation(async ({ ctx, input }): Promise<RegistrationResult> => {
    const { automatedId } = await registerStudent(ctx.db, input, { ip: ctx.ip, user: ctx.user });
    return { message: SERVER_MESSAGES.registrationReceived, redirectTo: '/parent-login', automatedId };
  }),
});
