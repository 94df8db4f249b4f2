import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignmentsView,
  AutoAssignResult,
  MyReviewsView,
  QualifyResult,
  RankingView,
  ReviewSettingsView,
  ScoreSheetView,
  ScoringView,
} from '@gradus/contract/api/staff-scoring';
import { post } from '@/lib/request';

/** The back office reviews one scored stage today: the material review. */
export const STAGE = 'materialReview' as const;
const url = (call: string) => `/mucgrs-service/staff/review/${call}`;
/** Calls whose refusal the screen shows itself, next to what was asked. */
const quiet = { silent: true } as const;
export const reviewKey = (viewer: string, ...rest: unknown[]) => ['staff', 'review', viewer, ...rest] as const;

export const useMyReviews = (viewer: string) => useQuery({ queryKey: reviewKey(viewer, 'mine'), queryFn: () => post<MyReviewsView>(url('mine'), { stage: STAGE }) });

export const useScoring = (viewer: string, applicationId: number | null) =>
  useQuery({
    queryKey: reviewKey(viewer, 'scoring', applicationId),
    queryFn: () => post<ScoringView>(url('scoring'), { stage: STAGE, applicationId }, quiet),
    enabled: applicationId !== null,
    retry: false,
  });

export const useSettings = (viewer: string) => useQuery({ queryKey: reviewKey(viewer, 'settings'), queryFn: () => post<ReviewSettingsView>(url('settings'), { stage: STAGE }) });

export const useSheet = (viewer: string, programmeId: number | undefined) =>
  useQuery({
    queryKey: reviewKey(viewer, 'sheet', programmeId),
    queryFn: () => post<ScoreSheetView | null>(url('sheet'), { stage: STAGE, programmeId }),
    enabled: programmeId !== undefined,
  });

export const useAssignments = (viewer: string, programmeId: number | undefined) =>
  useQuery({ queryKey: reviewKey(viewer, 'assignments', programmeId), queryFn: () => post<AssignmentsView>(url('assignments'), { stage: STAGE, ...(programmeId ? { programmeId } : {}) }) });

export const useRanking = (viewer: string, programmeId: number | undefined) =>
  useQuery({
    queryKey: reviewKey(viewer, 'ranking', programmeId),
    queryFn: () => post<RankingView>(url('ranking'), { stage: STAGE, programmeId }),
    enabled: programmeId !== undefined,
  });

/** A change in the review: every view of it is fetched again (lists, loads, sheets, the ranking). */
function useReviewChange<B, R>(call: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<R>(url(call), { stage: STAGE, ...body }, quiet),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff'] }),
  });
}

export const useSaveSettings = () => useReviewChange<object, ReviewSettingsView>('saveSettings');
export const useCloseReview = () => useReviewChange<{ closed: boolean }, ReviewSettingsView>('close');
export const useSaveSheet = () => useReviewChange<object, ScoreSheetView>('saveSheet');
export const useAutoAssign = () => useReviewChange<{ programmeId?: number; seed: number }, AutoAssignResult>('autoAssign');
export const useAssign = () => useReviewChange<{ applicationId: number; expertUserId: number; reason?: string }, null>('assign');
export const useUnassign = () => useReviewChange<{ applicationId: number; expertUserId: number }, null>('unassign');
export const useSaveScore = () => useReviewChange<object, { version: number; total: string; status: string }>('saveScore');
export const useDeclareConflict = () => useReviewChange<{ applicationId: number; reason: string }, null>('declareConflict');
export const useQualify = () => useReviewChange<{ programmeId: number; cutoff: string }, QualifyResult>('qualify');
