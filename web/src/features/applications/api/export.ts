import type { ApplicationExportRequest } from '@gradus/contract/api/staff-export';
import { filenameFromDisposition } from '@/lib/download';
import { http, ReplyError } from '@/lib/request';

export const EXPORT_URL = '/mucgrs-service/staff/applications/export';

/** Blob.text() where the engine has it, FileReader otherwise (jsdom). */
function textOf(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

/**
 * Every row the filters and the caller's scope select, as an .xlsx the server streams. No time
 * limit: 100,000 rows take a few seconds. Silent: the button says what went wrong. A refusal
 * arrives as the JSON envelope inside the blob, and is thrown as the ReplyError it is.
 */
export async function exportApplications(filters: ApplicationExportRequest): Promise<{ blob: Blob; fileName: string }> {
  const res = await http.post<Blob>(EXPORT_URL, filters, { responseType: 'blob', timeout: 0, silent: true });
  if (res.data.type.includes('application/json')) {
    let reply: { code?: number; msg?: string } = {};
    try {
      reply = JSON.parse(await textOf(res.data)) as typeof reply;
    } catch {
      // not JSON after all: the button's own message stands
    }
    throw new ReplyError(reply.code ?? -1, reply.msg ?? '');
  }
  return { blob: res.data, fileName: filenameFromDisposition(res.headers['content-disposition'] as string | undefined) ?? 'applications.xlsx' };
}
