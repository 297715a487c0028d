import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum: 19 MiB of memory, 2 iterations, 1 lane. */
// algorithm 2 is Algorithm.Argon2id, a const enum that isolated modules cannot import.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

/**
 * Checked when no account matches, so that an unknown email takes as long as a wrong password
 * and the answer's timing does not tell which emails have accounts.
 */
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(plain: string): Promise<false> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  await verifyPassword(await decoyHash, plain);
  return false;
}
