import { useMutation } from '@tanstack/react-query';
import type { ResetByEmailRequest } from '@gradus/contract/api/auth';
import { upload } from '@/lib/request';

/** Multipart: the fields and, optionally, the ID-card scan as the `file` part. */
export function resetByEmail({ file, ...fields }: ResetByEmailRequest & { file?: File }, onProgress?: (p: number) => void) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (file) form.append('file', file, file.name);
  return upload<unknown>('/api/v1/client/resetByEmail', form, onProgress);
}
/** `onProgress` receives the upload's percentage, for the scan's progress bar. */
export const useResetByEmail = (onProgress?: (percent: number) => void) =>
  useMutation({ mutationFn: (v: ResetByEmailRequest & { file?: File }) => resetByEmail(v, onProgress) });
