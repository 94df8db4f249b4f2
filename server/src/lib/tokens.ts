import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and reset links. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/**
 * Tokens are stored hashed: a leaked table grants no session. The one-shot hash: every signed-in
 * call hashes its token, and a Hash object per call cost a measurable share of getUserInfo.
 */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');
