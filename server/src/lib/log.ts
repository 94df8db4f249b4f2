import type { FastifyRequest } from 'fastify';

/** A URL as the log shows it: the secret of a mailed link (`?token=`, a review or reset link) is never written. */
export const withoutSecrets = (url: string): string => url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

/**
 * Each request's log line: Fastify's default fields, with the URL's secrets taken out. Whoever reads
 * the logs must not be able to open an expert's review link or reset a password before its owner.
 */
export const requestForLog = (req: FastifyRequest) => ({ method: req.method, url: withoutSecrets(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort });
