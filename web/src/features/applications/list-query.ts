import {
  APPLICATION_FORM_FILTERS,
  APPLICATION_PAGE_SIZES,
  APPLICATION_SORT_FIELDS,
  PAYMENT_FILTERS,
  PHOTO_FILTERS,
  QUALIFICATION_FILTERS,
  SORT_ORDERS,
  type ApplicationListRequest,
} from '@gradus/contract/api/staff';
import { ADMISSION_AREAS } from '@gradus/contract/areas';

/**
 * The list's filters, sort and page live in the address bar: a reload, the back button or a link
 * sent to a colleague opens the same list. Anything unknown in the address is dropped, not sent.
 */
const CHOICES = {
  area: ADMISSION_AREAS,
  cycle: ADMISSION_AREAS,
  formStatus: APPLICATION_FORM_FILTERS,
  payment: PAYMENT_FILTERS,
  photo: PHOTO_FILTERS,
  qualification: QUALIFICATION_FILTERS,
  departmentReview: QUALIFICATION_FILTERS,
  sortField: APPLICATION_SORT_FIELDS,
  sortOrder: SORT_ORDERS,
} as const;
const IDS = ['departmentId', 'programmeId'] as const;

export type ListQuery = ApplicationListRequest & { pageNum: number; pageSize: number };

export function queryFromParams(params: URLSearchParams): ListQuery {
  const query: ListQuery = { pageNum: 1, pageSize: 20 };
  for (const [key, allowed] of Object.entries(CHOICES)) {
    const value = params.get(key);
    if (value && (allowed as readonly string[]).includes(value)) Object.assign(query, { [key]: value });
  }
  for (const key of IDS) {
    const value = Number(params.get(key));
    if (Number.isInteger(value) && value > 0) query[key] = value;
  }
  const year = params.get('recruitYear');
  if (year && /^\d{4}$/.test(year)) query.recruitYear = year;
  const q = params.get('q')?.trim();
  if (q) query.q = q.slice(0, 50);
  const pageNum = Number(params.get('pageNum'));
  if (Number.isInteger(pageNum) && pageNum > 0) query.pageNum = pageNum;
  const pageSize = Number(params.get('pageSize'));
  if ((APPLICATION_PAGE_SIZES as readonly number[]).includes(pageSize)) query.pageSize = pageSize;
  return query;
}

export function paramsFromQuery(query: ApplicationListRequest): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if ((key === 'pageNum' && value === 1) || (key === 'pageSize' && value === 20)) continue;
    params.set(key, String(value));
  }
  return params;
}

/** The filters alone (what a saved filter keeps): no page, no sort. */
export function filtersOf(query: ApplicationListRequest): ApplicationListRequest {
  const { pageNum: _p, pageSize: _s, sortField: _f, sortOrder: _o, ...filters } = query;
  return filters;
}

/** The filters in force, each once: what a saved filter is compared by and the phone's button counts. */
export function filtersInForce(query: ApplicationListRequest): URLSearchParams {
  const params = paramsFromQuery(filtersOf(query));
  params.sort();
  return params;
}

/** The address's parameters with some set and the empty ones removed, the others kept (tab, page, filters). */
export function withParams(params: URLSearchParams, next: Record<string, string | undefined>): URLSearchParams {
  const merged = new URLSearchParams(params);
  for (const [k, v] of Object.entries(next)) {
    if (v) merged.set(k, v);
    else merged.delete(k);
  }
  return merged;
}
