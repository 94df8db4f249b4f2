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
import type { ExternalExpertView, SaveExternalExpertRequest, SentReviewLink } from '@gradus/contract/api/review-link';
import { post } from '@/lib/request';
import { STAGE, useReviewChannel, type SavedScore } from '../review-channel';

export { STAGE };
const url = (call: string) => `/mucgrs-service/staff/review/${call}`;
/** Calls whose refusal the screen shows itself, next to what was asked. */
const quiet = { silent: true } as const;
export const reviewKey = (viewer: string, ...rest: unknown[]) => ['staff', 'review', viewer, ...rest] as const;

export const useMyReviews = (viewer: string) => useQuery({ queryKey: reviewKey(viewer, 'mine'), queryFn: () => post<MyReviewsView>(url('mine'), { stage: STAGE }) });

/** One application's scoring screen, through the channel it is opened on (the back office, or a review link). */
export function useScoring(viewer: string, applicationId: number | null) {
  const channel = useReviewChannel();
  return useQuery<ScoringView>({
    queryKey: [channel.root, 'review', viewer, 'scoring', applicationId],
    queryFn: () => channel.scoring(applicationId!),
    enabled: applicationId !== null,
    retry: false,
  });
}

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
/** An expert's score, saved through the screen's channel; every view of the review is fetched again. */
export function useSaveScore() {
  const channel = useReviewChannel();
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: object): Promise<SavedScore> => channel.saveScore(body), onSuccess: () => client.invalidateQueries({ queryKey: [channel.root] }) });
}

export function useDeclareConflict() {
  const channel = useReviewChannel();
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: { applicationId: number; reason: string }) => channel.declareConflict(body), onSuccess: () => client.invalidateQueries({ queryKey: [channel.root] }) });
}
export const useQualify = () => useReviewChange<{ programmeId: number; cutoff: string }, QualifyResult>('qualify');

/** The external experts, their loads and the state of their links. */
export const useExternalExperts = (viewer: string) =>
  useQuery({ queryKey: reviewKey(viewer, 'external'), queryFn: () => post<ExternalExpertView[]>(url('externalExperts'), { stage: STAGE }) });

/** Recording an expert is about no stage: the same person may review in several. */
export function useSaveExternalExpert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveExternalExpertRequest) => post<{ userId: number }>(url('saveExternalExpert'), body, quiet),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff'] }),
  });
}

export const useSendLink = () => useReviewChange<{ expertUserId: number }, SentReviewLink>('sendLink');
