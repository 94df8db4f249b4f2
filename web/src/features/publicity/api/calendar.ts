import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarCountRequest, CalendarCountView, CalendarRemoveRequest, CalendarSaveRequest, CalendarView } from '@gradus/contract/api/publicity';
import { post } from '@/lib/request';

export const calendarKey = (...rest: unknown[]) => ['staff', 'calendar', ...rest] as const;

/** A year's holidays and make-up working days. */
export const getCalendar = (year: string) => post<CalendarView>('/mucgrs-service/staff/calendar/list', { year });
export const useCalendar = (viewer: string, year: string) => useQuery({ queryKey: calendarKey('list', viewer, year), queryFn: () => getCalendar(year), enabled: /^20\d{2}$/.test(year) });

/** Where a period ends on the calendar as it stands (the list form shows it as the dates are chosen). */
export const getPeriodEnd = (body: CalendarCountRequest) => post<CalendarCountView>('/mucgrs-service/staff/calendar/count', body, { silent: true });

function useCalendarChange<B>(url: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<CalendarView>(url, body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: calendarKey('list') }),
  });
}
export const useSaveDay = () => useCalendarChange<CalendarSaveRequest>('/mucgrs-service/staff/calendar/save');
export const useRemoveDay = () => useCalendarChange<CalendarRemoveRequest>('/mucgrs-service/staff/calendar/remove');
