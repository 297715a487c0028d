import { audienceChoice, familyAudienceInput, familyMessageInput, familyMessagePreview, familyMessageResult } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { previewFamilyMessage, sendFamilyMessage } from '../../../domain/notifications/family-messages.js';
import { DEFAULT_FAMILY_MESSAGES_PER_HOUR } from '../../../domain/notifications/config.js';

/** The office's message to the families of a run, a school or the whole service: the count first, then the send. */
export const adminFamilyMessagesRouter = router({
  preview: officeEndpoint('familyMessages.send', {
    input: familyAudienceInput,
    answer: familyMessagePreview,
    rest: {
      route: 'GET /api/admin/family-messages/preview',
      summary: 'How many families a message to a run, a school or every family would reach, by language, and how many the hourly cap would hold',
      from: 'query',
    },
  }).query(({ ctx, input }) => previewFamilyMessage(ctx.db, audienceChoice(input), ctx.familyMessagesPerHour ?? DEFAULT_FAMILY_MESSAGES_PER_HOUR)),
  send: officeEndpoint('familyMessages.send', {
    input: familyMessageInput,
    answer: familyMessageResult,
    rest: {
      route: 'POST /api/admin/family-messages',
      summary: 'Sends one message to every family of a run, a school or the whole service, in each family’s language (beyond the hourly cap: held)',
      from: 'body',
      status: 201,
    },
  }).mutation(({ ctx, input }) =>
    sendFamilyMessage(
      ctx.db,
      actorOf(ctx),
      audienceChoice(input),
      { textEn: input.textEn, textAr: input.textAr },
      ctx.familyMessagesPerHour ?? DEFAULT_FAMILY_MESSAGES_PER_HOUR,
    ),
  ),
});
