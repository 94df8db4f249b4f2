import { AUDIT_EVENTS, LOG_PAGE_SIZES, SIGN_IN_OUTCOMES, type AuditEvent, type SignInOutcome } from '@gradus/contract/api/staff-logs';

/**
 * The tab, its filters and its page live in the address bar, so a reload, a shared link or the back
 * button opens the same view. Anything unknown or malformed in the address is dropped, not sent.
 */
export const LOG_TABS = ['audit', 'signIns'] as const;
export type LogTab = (typeof LOG_TABS)[number];
export const DEFAULT_PAGE_SIZE = 20;

export interface Paging {
  pageNum: number;
  pageSize: number;
}
export interface DayRange {
  from?: string;
  to?: string;
}
export type AuditFilters = DayRange & { event?: AuditEvent; actor?: string; subject?: string };
export type SignInFilters = DayRange & { outcome?: SignInOutcome; account?: string; ip?: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export const isDay = (text: string): boolean => DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

export const tabFromParams = (params: URLSearchParams): LogTab => LOG_TABS.find((tab) => tab === params.get('tab')) ?? 'audit';

function text(params: URLSearchParams, key: string, max: number): string | undefined {
  const value = params.get(key)?.trim();
  return value ? value.slice(0, max) : undefined;
}

function daysOf(params: URLSearchParams): DayRange {
  const range: DayRange = {};
  const from = params.get('from');
  const to = params.get('to');
  if (from && isDay(from)) range.from = from;
  // A last day before the first would be refused by the server: the range keeps its first day.
  if (to && isDay(to) && !(range.from && to < range.from)) range.to = to;
  return range;
}

export function pagingFromParams(params: URLSearchParams): Paging {
  const paging: Paging = { pageNum: 1, pageSize: DEFAULT_PAGE_SIZE };
  const pageNum = Number(params.get('pageNum'));
  if (Number.isInteger(pageNum) && pageNum > 0 && pageNum <= 10_000) paging.pageNum = pageNum;
  const pageSize = Number(params.get('pageSize'));
  if ((LOG_PAGE_SIZES as readonly number[]).includes(pageSize)) paging.pageSize = pageSize;
  return paging;
}

export function auditFiltersFromParams(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = daysOf(params);
  const event = AUDIT_EVENTS.find((e) => e === params.get('event'));
  if (event) filters.event = event;
  const actor = text(params, 'actor', 64);
  if (actor) filters.actor = actor;
  const subject = text(params, 'subject', 100);
  if (subject) filters.subject = subject;
  return filters;
}

export function signInFiltersFromParams(params: URLSearchParams): SignInFilters {
  const filters: SignInFilters = daysOf(params);
  const outcome = SIGN_IN_OUTCOMES.find((o) => o === params.get('outcome'));
  if (outcome) filters.outcome = outcome;
  const account = text(params, 'account', 64);
  if (account) filters.account = account;
  const ip = text(params, 'ip', 64);
  if (ip) filters.ip = ip;
  return filters;
}

/** The address of a view (on the logs page, of a tab): defaults (the audit tab, page 1, 20 a page) are left out. */
export function paramsOf(query: object, tab?: LogTab): URLSearchParams {
  const params = new URLSearchParams();
  if (tab && tab !== 'audit') params.set('tab', tab);
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    if ((key === 'pageNum' && value === 1) || (key === 'pageSize' && value === DEFAULT_PAGE_SIZE)) continue;
    params.set(key, String(value));
  }
  return params;
}
