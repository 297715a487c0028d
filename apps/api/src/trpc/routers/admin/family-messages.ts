import { audienceChoice, familyAudienceInput, familyMessageInput } from '@school-transport/contracts';
import { adminProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { previewFamilyMessage, sendFamilyMessage } from '../../../domain/notifications/family-messages.js';
import { DEFAULT_FAMILY_MESSAGES_PER_HOUR } from '../../../domain/notifications/config.js';

/** The office's message to the families of a run, a school or the whole service: the count first, then the send. */
export const adminFamilyMessagesRouter = router({
  preview: adminProcedure.input(familyAudienceInput).query(({ ctx, input }) => previewFamilyMessage(ctx.db, audienceChoice(input), ctx.familyMessagesPerHour ?? DEFAULT_FAMILY_MESSAGES_PER_HOUR)),
  send: adminProcedure
    .input(familyMessageInput)
    .mutation(({ ctx, input }) => sendFamilyMessage(ctx.db, actorOf(ctx), audienceChoice(input), { textEn: input.textEn, textAr: input.textAr }, ctx.familyMessagesPerHour ?? DEFAULT_FAMILY_MESSAGES_PER_HOUR)),
});
