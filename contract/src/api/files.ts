import { z } from 'zod';
import { typeError, V } from './common';

/**
 * POST /mucgrs-service/system/files/getFileByte. `filePath` is only a key into the file records,
 * under one of the spec's download roots; it never reaches the filesystem.
 */
export const fileByteRequest = z.object({
  filePath: z.string({ error: typeError }).min(1, { error: V.required }).max(500, { error: V.tooLong }),
  fileName: z.string().max(255, { error: V.tooLong }).optional(),
  downName: z.string().max(255, { error: V.tooLong }).optional(),
});
export type FileByteRequest = z.input<typeof fileByteRequest>;
