import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { ReplyCode, REQUEST_TIMEOUT_MS, ERROR_MESSAGE_SECONDS, type Reply } from '@gradus/contract/codes';
import { appStore } from './app-state';
import { feedback } from './feedback';
import { currentLanguage, t } from './i18n';
import { getToken, pageActions, removeTokenCookie } from './token';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not show the request layer's toasts, notification or re-login dialog; the caller reports. */
    silent?: boolean;
  }
}

/** A reply with a non-zero code. `msg` is already translated by the server. */
export class ReplyError extends Error {
  constructor(
    readonly code: number,
    msg: string,
  ) {
    super(msg);
    this.name = 'ReplyError';
  }
}

/** Statuses that have a sentence in the catalogue (spec 8); others use request.status.other. */
export const CATALOGUED_STATUSES = [
  200, 201, 202, 203, 204, 301, 302, 400, 401, 403, 404, 405, 406, 410, 413, 422, 429, 500, 502, 503, 504,
] as const;

/** The notification text for an HTTP failure: 200 shows the server's own message (spec 8). */
export function statusText(status: number | undefined, serverMsg?: string): string {
  if (status === 200 && serverMsg) return serverMsg;
  if (status && (CATALOGUED_STATUSES as readonly number[]).includes(status)) return t(`request.status.${status}`);
  if (status) return t('request.status.other', { status });
  return t('request.network');
}

const listeners = { sessionExpired: new Set<() => void>() };
/** Called when the user confirms re-login (the session store clears itself). */
export function onTokenReset(fn: () => void): () => void {
  listeners.sessionExpired.add(fn);
  return () => listeners.sessionExpired.delete(fn);
}

/** Counts 'upgrading' replies; the notice shows once until any success resets it (spec 4). */
let upgradingCount = 0;
export const upgradingNoticeCount = (): number => upgradingCount;

/** One dialog for any number of concurrent 401 replies (remoteIsLogin 1 -> 2 -> 1). */
export function promptRelogin(): void {
  if (appStore.get().remoteIsLogin === 2) return;
  appStore.set({ remoteIsLogin: 2 });
  feedback.modal.confirm({
    title: t('request.relogin.title'),
    content: t('request.relogin.content'),
    okText: t('request.relogin.ok'),
    cancelText: t('common.cancel'),
    onOk: () => {
      removeTokenCookie();
      for (const fn of listeners.sessionExpired) fn();
      appStore.set({ remoteIsLogin: 1 });
      pageActions.reload();
    },
    onCancel: () => {
      appStore.set({ remoteIsLogin: 1 });
    },
  });
}

export function isBinary(config: AxiosRequestConfig): boolean {
  return config.responseType === 'blob' || config.responseType === 'arraybuffer';
}

function onReply(res: AxiosResponse): AxiosResponse | Promise<never> {
  if (isBinary(res.config)) return res;
  const body = res.data as Partial<Reply<unknown>> | undefined;
  const code = typeof body?.code === 'number' ? body.code : -1;
  if (code === ReplyCode.OK) {
    upgradingCount = 0;
    return res;
  }
  const msg = typeof body?.msg === 'string' ? body.msg : '';
  if (code === ReplyCode.SESSION_EXPIRED) {
    if (!res.config.silent) promptRelogin();
    return Promise.reject(new ReplyError(code, msg || t('request.relogin.content')));
  }
  if (!res.config.silent) feedback.message.error({ content: msg || t('request.error'), duration: ERROR_MESSAGE_SECONDS });
  return Promise.reject(new ReplyError(code, msg || t('request.error')));
}

function onFailure(error: AxiosError<Partial<Reply<unknown>>>): Promise<never> {
  if (axios.isCancel(error)) return Promise.reject(error);
  const serverMsg = error.response?.data && typeof error.response.data === 'object' ? error.response.data.msg : undefined;
  if (error.config?.silent) return Promise.reject(error);
  if (error.message === 'GENERAL' || serverMsg === 'GENERAL') {
    if (upgradingCount === 0) feedback.message.warning({ content: t('request.upgrading'), duration: ERROR_MESSAGE_SECONDS });
    upgradingCount++;
    return Promise.reject(error);
  }
  const status = error.response?.status;
  const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
  feedback.notification.error({
    title: t('request.failed'),
    description: timedOut && !status ? t('request.timeout') : statusText(status, serverMsg),
    duration: ERROR_MESSAGE_SECONDS,
  });
  return Promise.reject(error);
}

export const http = axios.create({ timeout: REQUEST_TIMEOUT_MS });

http.interceptors.request.use((config) => {
  const token = getToken();
  // A call that names its own credentials (an external expert's review session) keeps them.
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  config.headers.set('Accept-Language', currentLanguage());
  return config;
});
http.interceptors.response.use(onReply, onFailure);

/** POSTs JSON and returns the reply's `data` (rejects with ReplyError on a non-zero code). */
export async function post<T>(url: string, body: unknown = {}, config?: AxiosRequestConfig): Promise<T> {
  const res = await http.post<Reply<T>>(url, body, config);
  return res.data.data as T;
}

export async function get<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  const res = await http.get<Reply<T>>(url, config);
  return res.data.data as T;
}

/** Uploads are exempt from the 5 s limit and report progress in percent. */
export async function upload<T>(url: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  const res = await http.post<Reply<T>>(url, form, {
    timeout: 0,
    onUploadProgress: (e) => {
      if (onProgress && e.total) onProgress(Math.round((e.loaded / e.total) * 100));
    },
  });
  return res.data.data as T;
}

/** Test hook: forget the upgrading counter. */
export function resetRequestState(): void {
  upgradingCount = 0;
}
