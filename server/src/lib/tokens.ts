import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and reset links. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored hashed: a leaked table grants no session. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
