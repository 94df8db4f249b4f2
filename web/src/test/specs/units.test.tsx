import { describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import * as codes from '@gradus/contract/codes';
import { checkIdNumber, checkMainlandId } from '@gradus/contract/validators/id-number';
import { registerRequest } from '@gradus/contract/api/auth';
import { noticeFor } from '../../features/dashboard/notice';
import { accessiblePrimary, contrastWithWhite, themeConfig } from '../../lib/theme';
import { clearErrorLog, errorLogStore, installErrorLog, logError } from '../../lib/error-log';
import { formatRelativeTime, isExternal, numberFormatter, relativeTime, toThousands } from '../../lib/format';
import { issuesToFields, validationMessage } from '../../lib/form-rules';
import { hasPermission, Permission, usePermission } from '../../lib/permission';
import { groupSystemConfig, sessionStore } from '../../lib/session';
import { DEFAULT_SETTINGS, STATIC_SETTINGS } from '../../lib/settings';
import { installTouchZoomGuard } from '../../lib/touch';
import { systemConfigRows } from '../api';

describe('permission component', () => {
  it('denies by default and renders children only with the permission', () => {
    const { rerender } = render(
      <Permission perms="partInfo:form:print">
        <button type="button">print</button>
      </Permission>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    act(() => sessionStore.set({ permissions: ['partInfo:form:print'] }));
    rerender(
      <Permission perms="partInfo:form:print">
        <button type="button">print</button>
      </Permission>,
    );
    expect(screen.getByRole('button', { name: 'print' })).toBeInTheDocument();
  });

  it('usePermission re-renders when permissions change', () => {
    const { result } = renderHook(() => usePermission(['a:b:c', 'x:y:z']));
    expect(result.current).toBe(false);
    act(() => sessionStore.set({ permissions: ['x:y:z'] }));
    expect(result.current).toBe(true);
    act(() => sessionStore.set({ permissions: [] }));
    expect(result.current).toBe(false);
  });

  it("throws 'button permission needs a parameter' on an empty permission", () => {
    expect(() => hasPermission(['a'], '')).toThrow(/permission needs a parameter/);
    expect(() => hasPermission(['a'], [])).toThrow(/permission needs a parameter/);
    expect(hasPermission(['*:*:*'], 'anything:at:all')).toBe(true);
    expect(hasPermission([], 'a')).toBe(false);
  });
});

describe('validators', () => {
  it('the ID validator is the contract one the server uses (spec 5)', () => {
    expect(checkMainlandId('11010519491231002X')).toBeNull();
    expect(checkMainlandId('110105194912310021')).toBe('checksum');
    expect(checkMainlandId('160105199001011234')).toBe('province');
    expect(checkIdNumber('2', 'H12345678')).toBeNull();
  });

  it('contract issues become translated field messages', () => {
    const parsed = registerRequest.safeParse({ userRegisterType: 4, idType: '1', idNumber: 'x' });
    expect(parsed.success).toBe(false);
    const fields = issuesToFields(parsed.success ? [] : parsed.error.issues, { name: 'Full name', email: 'Email' });
    expect(fields.find((f) => f.name === 'name')?.errors).toEqual(['Please enter Full name.']);
    expect(validationMessage('idNumber.checksum', 'ID number')).toBe('The last character does not match; please check the ID number.');
    expect(validationMessage('no.such.key', 'ID number')).toBe('ID number is not in a valid format.');
  });
});

describe('utilities', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('relative time: minutes under 1 hour, hours under 1 day, otherwise days', () => {
    expect(relativeTime(new Date('2026-11-22T11:35:00Z'), now)).toEqual({ value: 25, unit: 'minute' });
    expect(relativeTime(new Date('2026-11-22T07:00:00Z'), now)).toEqual({ value: 5, unit: 'hour' });
    expect(relativeTime(new Date('2026-11-19T12:00:00Z'), now)).toEqual({ value: 3, unit: 'day' });
    expect(formatRelativeTime(new Date('2026-11-22T07:00:00Z'), 'en', now)).toBe('5 hours ago');
    expect(formatRelativeTime(new Date('2026-11-22T07:00:00Z'), 'zh-CN', now)).toBe('5小时前');
  });

  it('number suffixes k, M, G, T, P, E', () => {
    expect(numberFormatter(999)).toBe('999');
    expect(numberFormatter(1234)).toBe('1.2k');
    expect(numberFormatter(1_000_000)).toBe('1M');
    expect(numberFormatter(2.5e9)).toBe('2.5G');
    expect(numberFormatter(3e12)).toBe('3T');
    expect(numberFormatter(4e15)).toBe('4P');
    expect(numberFormatter(5e18)).toBe('5E');
  });

  it('thousands separator', () => {
    expect(toThousands(1234567)).toBe('1,234,567');
    expect(toThousands('1234567.891')).toBe('1,234,567.891');
    expect(toThousands(12)).toBe('12');
  });

  it('external links: http, https, mailto, tel', () => {
    for (const ok of ['http://a.cn', 'https://a.cn', 'mailto:x@y.cn', 'tel:+86100']) expect(isExternal(ok)).toBe(true);
    for (const no of ['/dashboard', 'ftp://x', 'javascript:alert(1)']) expect(isExternal(no)).toBe(false);
  });

  it('system configuration is grouped per area; notices pick the area by register type', () => {
    const config = groupSystemConfig(systemConfigRows as never);
    expect(config.system.recruitYear).toBe('2027');
    expect(noticeFor(config, 'zs_doctor', 1)).toContain('Doctoral notes');
    expect(noticeFor(config, 'zs_master', 3)).toContain('Summer camp notes');
    expect(noticeFor(config, 'zs_master', 5)).toContain('Tuimian notes');
    expect(noticeFor(config, 'zs_doctor', 4)).toContain('Doctoral notes'); // gat.notice is empty
    expect(noticeFor(config, 'zs_admin', null)).toContain('Staff notes');
  });

  it('the theme colour is darkened just enough for AA contrast', () => {
    expect(contrastWithWhite('#1890ff')).toBeLessThan(4.5);
    expect(contrastWithWhite(accessiblePrimary('#1890ff'))).toBeGreaterThanOrEqual(4.5);
    expect(accessiblePrimary('#1d39c4')).toBe('#1d39c4');
    expect(themeConfig('#1890ff', 'mini').algorithm).toBeDefined();
  });
});

describe('error log', () => {
  it('in production, global errors are stored with the URL', () => {
    errorLogStore.set({ enabled: true });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const uninstall = installErrorLog(window);
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined'), message: 'x is undefined' }));
    logError(new Error('render failed'), 'DashboardPage', 'at DashboardPage');
    uninstall();
    const logs = errorLogStore.get().logs;
    expect(logs.map((l) => l.error)).toEqual(['TypeError: x is undefined', 'Error: render failed']);
    expect(logs[1]).toMatchObject({ component: 'DashboardPage', info: 'at DashboardPage', url: window.location.href });
    clearErrorLog();
    expect(errorLogStore.get().logs).toEqual([]);
    spy.mockRestore();
  });

  it('outside production errors only go to the console', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    logError(new Error('dev'));
    expect(errorLogStore.get().logs).toEqual([]);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('touch zoom', () => {
  const touch = (type: string, fingers: number) => {
    const e = new Event(type, { cancelable: true }) as TouchEvent;
    Object.defineProperty(e, 'touches', { value: Array.from({ length: fingers }) });
    return e;
  };

  it('blocks pinch zoom (two fingers) and double taps within 300 ms', () => {
    let clock = 1000;
    const uninstall = installTouchZoomGuard(document, () => clock);
    const pinch = touch('touchstart', 2);
    document.dispatchEvent(pinch);
    expect(pinch.defaultPrevented).toBe(true);
    const single = touch('touchstart', 1);
    document.dispatchEvent(single);
    expect(single.defaultPrevented).toBe(false);

    const first = touch('touchend', 0);
    document.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(false);
    clock += 250;
    const second = touch('touchend', 0);
    document.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(true);
    clock += 301;
    const later = touch('touchend', 0);
    document.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    uninstall();
  });
});

describe('constants of section 9', () => {
  it('match the spec', () => {
    expect(codes.TOKEN_COOKIE).toBe('Admin-Token');
    expect(codes.SIZE_COOKIE).toBe('size');
    expect(codes.DEFAULT_THEME_COLOR).toBe('#1890ff');
    expect(codes.REQUEST_TIMEOUT_MS).toBe(5000);
    expect(codes.ERROR_MESSAGE_SECONDS).toBe(5);
    expect(codes.MOBILE_BREAKPOINT_PX).toBe(992);
    expect(codes.SIDEBAR_WIDTH_PX).toBe(220);
    expect(codes.DOUBLE_TAP_WINDOW_MS).toBe(300);
    expect(codes.DOWNLOAD_ROOTS).toEqual(expect.arrayContaining(['/zsData/', '/zsData/download/', '/zsData/SummerCamp/', '/zsData/TmsInfo/']));
    expect(codes.MASTER_LOGIN_TYPES).toEqual([3, 5]);
    expect(codes.UI_SIZES).toEqual(['default', 'medium', 'small', 'mini']);
    expect(DEFAULT_SETTINGS).toEqual({ theme: '#1890ff', sidebarLogo: false, tagsView: true, fixedHeader: false });
    expect(STATIC_SETTINGS).toEqual({ showSettings: false, supportPinyinSearch: true, errorLog: 'production' });
  });
});
