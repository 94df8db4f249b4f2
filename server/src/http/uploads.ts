import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** The most any upload may be; each route applies its own, smaller limits as it streams the parts. */
const LIMITS = { fileSize: 20 * 1024 * 1024, files: 1, fields: 20, fieldSize: 10_000 };

/**
 * Registers routes that take a multipart upload in a context of their own. The multipart plugin
 * adds two async hooks to every request of the context it is registered in, which cost the hot
 * JSON calls (getUserInfo) about a tenth of their time; elsewhere a multipart body is refused as
 * an unreadable body before any handler runs.
 */
export async function withUploads(app: FastifyInstance, register: (uploads: FastifyInstance) => void): Promise<void> {
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: LIMITS });
    register(uploads);
  });
}
