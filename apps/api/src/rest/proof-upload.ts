import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { FEE_MESSAGES, PROOF_MAX_BYTES } from '@school-transport/contracts';
import { AppError, parseInput } from '../errors.js';
import { uploadProof } from '../domain/fees/proofs.js';
import { withRole } from '../security/roles.js';
import { clearCachesAfterWrite } from '../trpc/context.js';
import { paramOf, type ContextFor } from './caller.js';
import { proofUpload } from './proof-upload-form.js';
import { readUploadForm, refuseDeclaredOversize } from './multipart-form.js';

/** Busboy's limits for a proof form: one file, a few short fields (amountBhd, reference). */
export const PROOF_FORM_LIMITS = { fileSize: PROOF_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000 };

const PROOF_FORM_ERRORS = {
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', FEE_MESSAGES.fileTooLarge),
  notMultipart: () => new AppError('BAD_REQUEST', FEE_MESSAGES.fileRequired, { file: FEE_MESSAGES.fileRequired }),
};

/**
 * POST /api/parent/fees/{id}/proofs: a multipart path (the rest of the API takes JSON, the import
 * aside). A declared size over the form's is refused first; who may upload is settled before the
 * file is read; the form is then checked by its contract and the
 * proof stored by the domain.
 */
export function registerProofUpload(app: FastifyInstance, contextFor: ContextFor): void {
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: PROOF_FORM_LIMITS });
    scope.post('/api/parent/fees/:id/proofs', async (req, reply) => {
      // A declared size over the form's is the answer, whoever asks: it is judged before anything else.
      refuseDeclaredOversize(req, PROOF_FORM_LIMITS, PROOF_FORM_ERRORS);
      const ctx = await contextFor(req, reply);
      try {
        const { user } = withRole(ctx, 'parent');
        // The size while streaming is judged as the form is read: before the fee row, the quotas and the file's type.
        const { fields, bytes } = await readUploadForm(req, PROOF_FORM_LIMITS, PROOF_FORM_ERRORS);
        const input = parseInput(proofUpload, {
          feeId: paramOf(req, 'id'),
          amountBhd: fields.amountBhd ?? '',
          reference: fields.reference ?? '',
          file: bytes ? { bytes } : undefined,
        });
        return reply.code(201).send({ proof: await uploadProof(ctx.db, user.id, input) });
      } finally {
        clearCachesAfterWrite(ctx);
      }
    });
  });
}
