import { ACCOUNT_PAGE_SIZES, ACCOUNT_STATUSES, type StaffAccountListRequest } from '@gradus/contract/api/staff-accounts';
import { STAFF_ROLES } from '@gradus/contract/codes';

/**
 * The list's search, filters and page live in the address bar, so a reload or the back button
 * opens the same list. Anything unknown in the address is dropped, not sent.
 */
export type AccountQuery = StaffAccountListRequest & { pageNum: number; pageSize: number };
export const DEFAULT_PAGE_SIZE = 20;

export function queryFromParams(params: URLSearchParams): AccountQuery {
  const query: AccountQuery = { pageNum: 1, pageSize: DEFAULT_PAGE_SIZE };
  const q = params.get('q')?.trim();
  if (q) query.q = q.slice(0, 50);
  const role = STAFF_ROLES.find((r) => r === params.get('role'));
  if (role) query.role = role;
  const status = ACCOUNT_STATUSES.find((s) => s === params.get('status'));
  if (status) query.status = status;
  const pageNum = Number(params.get('pageNum'));
  if (Number.isInteger(pageNum) && pageNum > 0 && pageNum <= 10_000) query.pageNum = pageNum;
  const pageSize = Number(params.get('pageSize'));
  if ((ACCOUNT_PAGE_SIZES as readonly number[]).includes(pageSize)) query.pageSize = pageSize;
  return query;
}

export function paramsFromQuery(query: StaffAccountListRequest): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if ((key === 'pageNum' && value === 1) || (key === 'pageSize' && value === DEFAULT_PAGE_SIZE)) continue;
    params.set(key, String(value));
  }
  return params;
}
