import type { AxiosResponse } from 'axios';
import { ReplyCode, ERROR_MESSAGE_SECONDS } from '@gradus/contract/codes';
import type { FileByteRequest } from '@gradus/contract/api/files';
import { feedback } from './feedback';
import { t } from './i18n';
import { http, promptRelogin, ReplyError } from './request';

export const FILE_BYTE_URL = '/mucgrs-service/system/files/getFileByte';
/** Types the browser shows itself: opened in a new window unless the caller asks to save (spec 7). */
export const OPENABLE = ['pdf', 'jpg', 'jpeg', 'png', 'gif'] as const;
const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/** Reads the file name from Content-Disposition, preferring RFC 5987 `filename*`. */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : null;
}

/** Blob.text() where available (browsers), FileReader otherwise (older engines, jsdom). */
function readText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/**
 * A file the server makes on request for staff (an export, a template, a zip of tickets), as a
 * blob with the name the server gave it. Silent and without a time limit: the caller's button says
 * what went wrong. A refusal arrives as the JSON envelope inside the blob, already translated, and
 * is thrown as the ReplyError it is.
 */
export async function fetchFile(url: string, body: object, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const res = await http.post<Blob>(url, body, { responseType: 'blob', timeout: 0, silent: true });
  if (res.data.type.includes('application/json')) {
    let reply: { code?: number; msg?: string } = {};
    try {
      reply = JSON.parse(await readText(res.data)) as typeof reply;
    } catch {
      // not JSON after all: the caller's own message stands
    }
    throw new ReplyError(reply.code ?? -1, reply.msg ?? '');
  }
  return { blob: res.data, fileName: filenameFromDisposition(res.headers['content-disposition'] as string | undefined) ?? fallbackName };
}

export const extensionOf = (name: string): string => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');

export const download = {
  save(blob: Blob, name: string): void {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
  open(blob: Blob): boolean {
    const url = URL.createObjectURL(blob);
    // Not the 'noopener' feature: with it window.open returns null even when the window opened,
    // and the caller would save a second copy. The opener is cut by hand instead.
    const win = window.open(url, '_blank');
    if (win) win.opener = null;
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return win !== null;
  },
};

/**
 * A PDF the server draws on request (ticket, receipt, form summary, letter), opened in a new window
 * (spec 7) or saved when the browser blocks the window. No time limit: drawing takes a moment. A
 * refusal (not published, not paid) arrives as a JSON envelope inside the blob, already translated:
 * it is shown and thrown; an expired session asks to sign in again, as every other call does.
 */
export async function openGeneratedPdf(url: string, body: object, fallbackName: string, linkSession?: { headers: Record<string, string> }): Promise<'opened' | 'saved'> {
  // A review link's session sends its own credentials; its refusal is no reason to sign in again.
  const res = await http.post<Blob>(url, body, { responseType: 'blob', timeout: 0, ...(linkSession ? { headers: linkSession.headers } : {}) });
  if (res.data.type.includes('application/json')) {
    let reply: { code?: number; msg?: string } = {};
    try {
      reply = JSON.parse(await readText(res.data)) as typeof reply;
    } catch {
      // not JSON after all: the generic message stands
    }
    const msg = reply.msg || t('download.abnormal');
    if (reply.code === ReplyCode.SESSION_EXPIRED && !linkSession) promptRelogin();
    else feedback.message.error({ content: msg, duration: ERROR_MESSAGE_SECONDS });
    throw new Error(msg);
  }
  const blob = res.data.type === 'application/pdf' ? res.data : new Blob([res.data], { type: 'application/pdf' });
  if (download.open(blob)) return 'opened';
  download.save(blob, filenameFromDisposition(res.headers['content-disposition'] as string | undefined) ?? fallbackName);
  return 'saved';
}

export interface DownloadOptions {
  /** Open pdf and images in a new window (default) or always save. */
  open?: boolean;
  onProgress?: (percent: number) => void;
}

export type DownloadResult = { action: 'opened' | 'saved'; name: string };

/** Downloads through getFileByte (spec 7): no time limit, progress, JSON errors inside the blob shown. */
export async function downloadFile(req: FileByteRequest, options: DownloadOptions = {}): Promise<DownloadResult> {
  let res: AxiosResponse<Blob>;
  try {
    res = await http.post<Blob>(FILE_BYTE_URL, req, {
      responseType: 'blob',
      timeout: 0,
      silent: true,
      onDownloadProgress: (e) => {
        if (options.onProgress && e.total) options.onProgress(Math.round((e.loaded / e.total) * 100));
      },
    });
  } catch (err) {
    feedback.message.error({ content: t('download.abnormal'), duration: ERROR_MESSAGE_SECONDS });
    throw err;
  }
  if (res.status !== 200) {
    feedback.message.error({ content: t('download.abnormal'), duration: ERROR_MESSAGE_SECONDS });
    throw new Error(t('download.abnormal'));
  }
  const blob = res.data;
  if (blob.type.includes('application/json')) {
    let body: { code?: number; msg?: string } = {};
    try {
      body = JSON.parse(await readText(blob)) as typeof body;
    } catch {
      // not JSON after all: reported as abnormal below
    }
    if (body.code === ReplyCode.SESSION_EXPIRED) promptRelogin();
    else feedback.message.error({ content: body.msg || t('download.abnormal'), duration: ERROR_MESSAGE_SECONDS });
    throw new Error(body.msg || t('download.abnormal'));
  }
  const header = res.headers['content-disposition'] as string | undefined;
  const name = filenameFromDisposition(header) ?? req.downName ?? req.fileName ?? 'download';
  const ext = extensionOf(name);
  if (options.open !== false && (OPENABLE as readonly string[]).includes(ext)) {
    const typed = blob.type && blob.type !== 'application/octet-stream' ? blob : new Blob([blob], { type: MIME[ext] });
    if (download.open(typed)) return { action: 'opened', name };
  }
  download.save(blob, name);
  return { action: 'saved', name };
}

/**
 * A stored image's bytes through getFileByte as a data URL, for a thumbnail or the photo on a
 * ticket: nothing to revoke, so a cached picture outlives any one view (photos are a few hundred
 * KB at most). Silent: a picture that cannot be read leaves its empty frame, no window, no toast.
 */
export async function fetchImageDataUrl(filePath: string): Promise<string> {
  const blob = await fetchFileBlob(filePath);
  if (!blob.type.startsWith('image/')) throw new Error('not an image');
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A stored file's bytes through getFileByte, for an inline viewer. Silent: the viewer says itself
 * that the file cannot be shown. A refusal arrives as JSON inside the blob and is thrown.
 */
export async function fetchFileBlob(filePath: string): Promise<Blob> {
  const res = await http.post<Blob>(FILE_BYTE_URL, { filePath }, { responseType: 'blob', timeout: 0, silent: true });
  if (res.status !== 200 || res.data.type.includes('application/json')) throw new Error('unreadable');
  return res.data;
}
