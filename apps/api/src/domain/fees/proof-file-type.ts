import { fileTypeFromBuffer } from 'file-type';
import { FEE_MESSAGES, PROOF_MAX_BYTES, PROOF_MIME_TYPES, type ProofMimeType } from '@school-transport/contracts';
import { AppError } from '../../errors.js';

/** HEIF containers from phones are named 'image/heif' by some tools; they are the same pictures as HEIC. */
const ALIASES: Record<string, ProofMimeType> = { 'image/heif': 'image/heic', 'image/heic-sequence': 'image/heic', 'image/heif-sequence': 'image/heic' };

/**
 * The proof's real type, read from its bytes (file-type), never from its name or the browser's
 * claim: 413 above 5 MB, 415 for anything but JPEG, PNG, WebP, HEIC or PDF.
 */
export async function checkedProofType(bytes: Uint8Array): Promise<ProofMimeType> {
  if (bytes.byteLength > PROOF_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', FEE_MESSAGES.fileTooLarge);
  if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', FEE_MESSAGES.fileRequired, { file: FEE_MESSAGES.fileRequired });
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected ? (ALIASES[detected.mime] ?? detected.mime) : undefined;
  if (!mime || !(PROOF_MIME_TYPES as readonly string[]).includes(mime)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', FEE_MESSAGES.fileTypeRefused);
  return mime as ProofMimeType;
}

export const PROOF_FILE_EXTENSIONS: Record<ProofMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};
