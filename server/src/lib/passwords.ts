import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum: 19 MiB memory, 2 iterations, 1 lane. */
/** `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashSecret = (secret: string): Promise<string> => hash(secret, ARGON2_OPTIONS);

export async function verifySecret(stored: string, secret: string): Promise<boolean> {
  try {
    return await verify(stored, secret);
  } catch {
    return false;
  }
}

/** Security answers are compared case- and space-insensitively: people remember words, not casing. */
export const normalizeAnswer = (answer: string): string => answer.trim().replace(/\s+/g, ' ').toLowerCase();

let dummyHash: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash so that an unknown account costs the same time as a known
 * one: the reply and its timing must not tell an attacker which numbers exist.
 */
export async function burnVerify(secret: string): Promise<false> {
  dummyHash ??= hashSecret('gradus-timing-equalizer');
  await verifySecret(await dummyHash, secret);
  return false;
}
