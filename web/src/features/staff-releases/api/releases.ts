import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelReleaseRequest,
  ConfirmReleaseRequest,
  PlanReleaseRequest,
  ReleaseConfirmedView,
  ReleaseListView,
  ReleasePreviewRequest,
  ReleasePreviewView,
  ReleaseWithdrawnView,
  ViewAsApplicantRequest,
  ViewAsApplicantView,
  WithdrawReleaseRequest,
} from '@gradus/contract/api/staff-releases';
import type { AdmissionArea } from '@gradus/contract/areas';
import { post } from '@/lib/request';

const base = '/mucgrs-service/staff/releases';
export const releasesKey = (...rest: unknown[]) => ['staff', 'releases', ...rest] as const;

/** Where each result of a cycle stands: the doctoral one or the Hong Kong, Macao and Taiwan one (gat). */
export const useReleases = (viewer: string, cycle: AdmissionArea) =>
  useQuery({
    queryKey: releasesKey('list', viewer, cycle),
    queryFn: () => post<ReleaseListView>(`${base}/list`, { area: cycle }),
    // A plan confirmed elsewhere, or going out at its moment, shows without a reload; notices
    // still leaving are followed more closely.
    refetchInterval: (query) => (query.state.data?.releases.some((r) => (r.notices?.waiting ?? 0) > 0) ? 3_000 : 15_000),
  });

export const useReleasePreview = (body: ReleasePreviewRequest) =>
  useQuery({ queryKey: releasesKey('preview', body), queryFn: () => post<ReleasePreviewView>(`${base}/preview`, body), gcTime: 0 });

/** One applicant's page for the result as they will read it once released; the refusal (no such applicant) is shown in the dialog. */
export const useViewAsApplicant = (body: ViewAsApplicantRequest) =>
  useQuery({ queryKey: releasesKey('viewAs', body), queryFn: () => post<ViewAsApplicantView>(`${base}/viewAs`, body, { silent: true }), gcTime: 0, retry: false });

/** Each act fetches the list again, refused or not (a refusal may mean another publisher acted meanwhile). */
function useReleaseAct<B, R>(call: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<R>(`${base}/${call}`, body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: releasesKey('list') }),
  });
}
export const usePlanRelease = () => useReleaseAct<PlanReleaseRequest, { planId: number }>('plan');
export const useConfirmRelease = () => useReleaseAct<ConfirmReleaseRequest, ReleaseConfirmedView>('confirm');
export const useCancelRelease = () => useReleaseAct<CancelReleaseRequest, null>('cancel');
export const useWithdrawRelease = () => useReleaseAct<WithdrawReleaseRequest, ReleaseWithdrawnView>('withdraw');
