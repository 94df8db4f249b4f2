import { beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { ERROR_MESSAGE_SECONDS, REQUEST_TIMEOUT_MS } from '@gradus/contract/codes';
import { appStore } from '../../lib/app-state';
import { download, downloadFile, filenameFromDisposition, openGeneratedPdf } from '../../lib/download';
import { registerFeedback } from '../../lib/feedback';
import { changeLanguage } from '../../lib/i18n';
import { CATALOGUED_STATUSES, http, post, ReplyError, statusText, upgradingNoticeCount, upload } from '../../lib/request';
import { sessionStore, signIn } from '../../lib/session';
import { pageActions } from '../../lib/token';
import { fail, mockApi, ok } from '../api';
import en from '../../locales/en';

function fakeFeedback() {
  const fb = {
    message: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
    notification: { error: vi.fn(), warning: vi.fn() },
    modal: { confirm: vi.fn() },
  };
  registerFeedback(fb as never);
  return fb;
}

let fb: ReturnType<typeof fakeFeedback>;
beforeEach(() => {
  fb = fakeFeedback();
});

describe('request rules', () => {
  it('5000 ms timeout, Authorization bearer token and the UI language in Accept-Language', async () => {
    expect(http.defaults.timeout).toBe(REQUEST_TIMEOUT_MS);
    const calls = mockApi({ '/x': () => ok({ a: 1 }) });
    signIn('tok-123');
    await changeLanguage('ja');
    await expect(post('/x', { q: 1 })).resolves.toEqual({ a: 1 });
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok-123');
    expect(calls[0]?.headers['Accept-Language']).toBe('ja');
    expect(calls[0]?.body).toEqual({ q: 1 });
  });

  it('no Authorization header without a token', async () => {
    const calls = mockApi({ '/x': () => ok() });
    await post('/x');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('code 0 is success; other codes show the msg (or "Error") for 5 s and reject', async () => {
    mockApi({ '/bad': () => fail(1002, 'Wrong number or password'), '/bare': () => ({ data: { code: 7 } }) });
    await expect(post('/bad')).rejects.toEqual(new ReplyError(1002, 'Wrong number or password'));
    expect(fb.message.error).toHaveBeenCalledWith({ content: 'Wrong number or password', duration: ERROR_MESSAGE_SECONDS });
    await expect(post('/bare')).rejects.toBeInstanceOf(ReplyError);
    expect(fb.message.error).toHaveBeenLastCalledWith({ content: 'Error', duration: 5 });
  });

  it('uploads and downloads are exempt from the time-out and report progress', async () => {
    const seen: number[] = [];
    mockApi({
      '/up': (_b, config) => {
        seen.push(config.timeout ?? -1);
        config.onUploadProgress?.({ loaded: 50, total: 100, bytes: 50, lengthComputable: true });
        return ok('done');
      },
    });
    const progress: number[] = [];
    await expect(upload('/up', new FormData(), (p) => progress.push(p))).resolves.toBe('done');
    expect(seen).toEqual([0]);
    expect(progress).toEqual([50]);
  });
});

describe('remoteIsLogin', () => {
  it('any number of concurrent 401 replies open one single re-login dialog', async () => {
    mockApi({ '/a': () => fail(401, 'expired'), '/b': () => fail(401, 'expired') });
    expect(appStore.get().remoteIsLogin).toBe(1);
    await Promise.allSettled([post('/a'), post('/b'), post('/a'), post('/b')]);
    expect(fb.modal.confirm).toHaveBeenCalledTimes(1);
    expect(appStore.get().remoteIsLogin).toBe(2);
    const dialog = fb.modal.confirm.mock.calls[0]?.[0] as { title: string; content: string; okText: string; cancelText: string; onOk: () => void; onCancel: () => void };
    expect(dialog.content).toBe(en['request.relogin.content']);
    expect(dialog.okText).toBe('Sign in again');
    expect(dialog.cancelText).toBe('Cancel');
    expect(fb.message.error).not.toHaveBeenCalled();
  });

  it('re-login resets the token and reloads; remoteIsLogin goes back to 1', async () => {
    mockApi({ '/a': () => fail(401, 'expired') });
    signIn('old');
    await post('/a').catch(() => {});
    const dialog = fb.modal.confirm.mock.calls[0]?.[0] as { onOk: () => void };
    dialog.onOk();
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(sessionStore.get().token).toBeNull();
    expect(pageActions.reload).toHaveBeenCalledTimes(1);
    expect(appStore.get().remoteIsLogin).toBe(1);
  });

  it('cancel closes the dialog; a later 401 prompts again', async () => {
    mockApi({ '/a': () => fail(401, 'expired') });
    await post('/a').catch(() => {});
    (fb.modal.confirm.mock.calls[0]?.[0] as { onCancel: () => void }).onCancel();
    expect(appStore.get().remoteIsLogin).toBe(1);
    await post('/a').catch(() => {});
    expect(fb.modal.confirm).toHaveBeenCalledTimes(2);
  });
});

describe('upgrading once', () => {
  it("'upgrading, please wait' shows once for GENERAL until any success resets the counter", async () => {
    let general = true;
    mockApi({ '/g': () => (general ? { status: 503, data: { code: 503, msg: 'GENERAL' } } : ok()) });
    await Promise.allSettled([post('/g'), post('/g'), post('/g')]);
    expect(fb.message.warning).toHaveBeenCalledTimes(1);
    expect(fb.message.warning).toHaveBeenCalledWith({ content: en['request.upgrading'], duration: 5 });
    expect(upgradingNoticeCount()).toBe(3);
    expect(fb.notification.error).not.toHaveBeenCalled();
    general = false;
    await post('/g');
    expect(upgradingNoticeCount()).toBe(0);
    general = true;
    await post('/g').catch(() => {});
    expect(fb.message.warning).toHaveBeenCalledTimes(2);
  });
});

describe('error catalogue', () => {
  it.each(CATALOGUED_STATUSES.filter((s) => s >= 300))('HTTP %i shows its own sentence', async (status) => {
    mockApi({ '/e': () => ({ status, data: { code: status, msg: 'server text' } }) });
    await expect(post('/e')).rejects.toBeTruthy();
    expect(fb.notification.error).toHaveBeenCalledWith({ title: 'Request failed', description: en[`request.status.${status}`], duration: 5 });
  });

  it('200 shows the server message; 2xx codes have their own sentences; unknown statuses say so', () => {
    expect(statusText(200, 'Processed by server')).toBe('Processed by server');
    for (const s of [201, 202, 203, 204]) expect(statusText(s)).toBe(en[`request.status.${s}`]);
    expect(statusText(418)).toBe('Unexpected server response (418).');
    expect(statusText(undefined)).toBe(en['request.network']);
  });

  it('a time-out says so', async () => {
    http.defaults.adapter = async (config) => {
      const { AxiosError } = await import('axios');
      throw new AxiosError('timeout of 5000ms exceeded', 'ECONNABORTED', config);
    };
    await expect(post('/slow')).rejects.toBeTruthy();
    expect(fb.notification.error).toHaveBeenCalledWith(expect.objectContaining({ description: en['request.timeout'] }));
  });
});

describe('downloads (spec 7)', () => {
  const pdf = () => new Blob(['%PDF-1.4'], { type: 'application/pdf' });
  it('reads the name from Content-Disposition, RFC 5987 first', () => {
    expect(filenameFromDisposition(`attachment; filename="fallback.pdf"; filename*=UTF-8''%E5%87%86%E8%80%83%E8%AF%81.pdf`)).toBe('准考证.pdf');
    expect(filenameFromDisposition('attachment; filename="a b.docx"')).toBe('a b.docx');
    expect(filenameFromDisposition('attachment; filename=plain.zip')).toBe('plain.zip');
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it('pdf and images open in a new window; other types are saved', async () => {
    const open = vi.spyOn(download, 'open').mockReturnValue(true);
    const save = vi.spyOn(download, 'save').mockImplementation(() => {});
    mockApi({
      '/mucgrs-service/system/files/getFileByte': (body) => {
        const name = (body as { fileName: string }).fileName;
        return { data: name.endsWith('.pdf') ? pdf() : new Blob(['x'], { type: 'application/zip' }), headers: { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}` } };
      },
    });
    await expect(downloadFile({ filePath: '/zsData/a', fileName: 'ticket.pdf' })).resolves.toEqual({ action: 'opened', name: 'ticket.pdf' });
    await expect(downloadFile({ filePath: '/zsData/a', fileName: 'forms.zip' })).resolves.toEqual({ action: 'saved', name: 'forms.zip' });
    await expect(downloadFile({ filePath: '/zsData/a', fileName: 'ticket.pdf' }, { open: false })).resolves.toEqual({ action: 'saved', name: 'ticket.pdf' });
    expect(open).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it("a non-200 reply says 'file abnormal'", async () => {
    mockApi({ '/mucgrs-service/system/files/getFileByte': () => ({ status: 500, data: new Blob(['oops']) }) });
    await expect(downloadFile({ filePath: '/zsData/x' })).rejects.toBeTruthy();
    expect(fb.message.error).toHaveBeenCalledWith({ content: en['download.abnormal'], duration: 5 });
    expect(fb.notification.error).not.toHaveBeenCalled();
  });

  it('a JSON error inside the blob is shown as an error', async () => {
    mockApi({
      '/mucgrs-service/system/files/getFileByte': () => ({ data: new Blob([JSON.stringify({ code: 404, msg: 'File not found' })], { type: 'application/json' }) }),
    });
    await expect(downloadFile({ filePath: '/zsData/x' })).rejects.toThrow('File not found');
    expect(fb.message.error).toHaveBeenCalledWith({ content: 'File not found', duration: 5 });
  });
});

describe('PDFs the server draws', () => {
  // Earlier tests spied on download.open too: start each of these with clean counts.
  beforeEach(() => vi.restoreAllMocks());
  const jsonBlob = (body: object) => ({ data: new Blob([JSON.stringify(body)], { type: 'application/json' }), headers: { 'content-type': 'application/json' } });

  it('opens the PDF in a new window, and saves it under the server name when the window is blocked', async () => {
    const open = vi.spyOn(download, 'open').mockReturnValueOnce(true).mockReturnValueOnce(false);
    const save = vi.spyOn(download, 'save').mockImplementation(() => {});
    const pdf = () => ({ data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), headers: { 'content-type': 'application/pdf', 'content-disposition': "attachment; filename*=UTF-8''%E5%87%86%E8%80%83%E8%AF%81.pdf" } });
    mockApi({ '/ticket': pdf });
    await expect(openGeneratedPdf('/ticket', { kind: 'language' }, 'ticket.pdf')).resolves.toBe('opened');
    await expect(openGeneratedPdf('/ticket', { kind: 'language' }, 'ticket.pdf')).resolves.toBe('saved');
    expect(open).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[0]?.[1]).toBe('准考证.pdf');
  });

  it("shows a refusal's translated message and opens nothing", async () => {
    const open = vi.spyOn(download, 'open');
    mockApi({ '/ticket': () => jsonBlob({ code: 403, msg: 'Not yet published' }) });
    await expect(openGeneratedPdf('/ticket', {}, 'ticket.pdf')).rejects.toThrow('Not yet published');
    expect(fb.message.error).toHaveBeenCalledWith({ content: 'Not yet published', duration: ERROR_MESSAGE_SECONDS });
    expect(open).not.toHaveBeenCalled();
  });

  it('an expired session asks to sign in again, like every other call', async () => {
    mockApi({ '/ticket': () => jsonBlob({ code: 401, msg: 'expired' }) });
    await expect(openGeneratedPdf('/ticket', {}, 'ticket.pdf')).rejects.toThrow();
    expect(fb.modal.confirm).toHaveBeenCalledTimes(1);
    expect(fb.message.error).not.toHaveBeenCalled();
  });
});
