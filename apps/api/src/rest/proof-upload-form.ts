import { z } from 'zod';
import { FEE_MESSAGES, proofUploadFields } from '@school-transport/contracts';

/** A proof upload as the upload path reads it from its form: the shared fields, the fee row and the file's bytes. */
export const proofUpload = proofUploadFields.extend({
  feeId: z.string().trim().min(1).max(64),
  file: z.object({ bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, FEE_MESSAGES.fileRequired) }, { error: FEE_MESSAGES.fileRequired }),
});
