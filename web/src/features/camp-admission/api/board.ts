import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdmitCampersRequest, CampAdmissionBoardView, RecordCampResultsRequest, WaitlistCampersRequest, WithdrawCampPlaceRequest } from '@gradus/contract/api/staff-camp-admission';
import { post } from '@/lib/request';

const base = '/mucgrs-service/staff/campAdmission';

/** Keyed by who asks, like every back-office query: another session never sees this one's board. */
export const boardKey = (...rest: unknown[]) => ['staff', 'campAdmission', 'board', ...rest] as const;

/**
 * One programme's places and candidates, once the year is known (without one, the server's current
 * year). The page says a refusal in place, so the request layer stays silent.
 */
export const useAdmissionBoard = (viewer: string, programmeId: number | undefined, recruitYear: string | null | undefined, yearKnown: boolean) =>
  useQuery({
    enabled: programmeId !== undefined && yearKnown,
    queryKey: boardKey(viewer, programmeId ?? null, recruitYear ?? null),
    queryFn: () => post<CampAdmissionBoardView>(`${base}/board`, { programmeId, ...(recruitYear ? { recruitYear } : {}) }, { silent: true }),
  });

/**
 * Admit, waitlist, withdraw and recordResults answer with the board as it now stands: it replaces the one shown
 * (under the year the page read it for). Other programmes' boards may now be out of date (a camper holds one place a year), so they are
 * marked stale and read again when next shown. A refusal changes nothing; the page says why, and
 * reads the board again: it may be out of date (another officer took the last place meanwhile).
 */
function useBoardAction<B>(viewer: string, recruitYear: string | null | undefined, call: 'admit' | 'waitlist' | 'withdraw' | 'recordResults') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<CampAdmissionBoardView>(`${base}/${call}`, body, { silent: true }),
    onSuccess: (board) => {
      void client.invalidateQueries({ queryKey: boardKey(viewer), refetchType: 'none' });
      client.setQueryData(boardKey(viewer, board.programme.id, recruitYear ?? null), board);
    },
    onError: () => void client.invalidateQueries({ queryKey: boardKey(viewer) }),
  });
}
export const useAdmitCampers = (viewer: string, recruitYear: string | null | undefined) => useBoardAction<AdmitCampersRequest>(viewer, recruitYear, 'admit');
export const useWaitlistCampers = (viewer: string, recruitYear: string | null | undefined) => useBoardAction<WaitlistCampersRequest>(viewer, recruitYear, 'waitlist');
export const useWithdrawCampPlace = (viewer: string, recruitYear: string | null | undefined) => useBoardAction<WithdrawCampPlaceRequest>(viewer, recruitYear, 'withdraw');
/** The camp's results of confirmed campers, all rows changed at once: the server refuses the whole batch or records it all. */
export const useRecordCampResults = (viewer: string, recruitYear: string | null | undefined) => useBoardAction<RecordCampResultsRequest>(viewer, recruitYear, 'recordResults');
