import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ComputeFinalRequest,
  ComputeFinalView,
  RecordScoreRequest,
  SaveScoreScaleRequest,
  SaveScoreWeightsRequest,
  ScoreGridRequest,
  ScoreGridView,
  ScoreHistoryView,
  ScoreImportView,
  ScoreRecordedView,
  ScoreTemplateRequest,
  ScoreWeightsView,
} from '@gradus/contract/api/staff-scores';
import type { ApplicationFilterOptionsView } from '@gradus/contract/api/staff';
import type { AdmissionArea } from '@gradus/contract/areas';
import type { ScoreKind } from '@gradus/contract/doctor/journey';
import { fetchFile } from '@/lib/download';
import { http, post } from '@/lib/request';

const base = '/mucgrs-service/staff/scores';
export const scoresKey = (...rest: unknown[]) => ['staff', 'scores', ...rest] as const;

export interface Cycle {
  area: AdmissionArea;
  recruitYear: string;
  kind: ScoreKind;
}

/** The recruitment years the back office knows (the applications list's own choices). */
export const useRecruitYears = (viewer: string) =>
  useQuery({ queryKey: scoresKey('years', viewer), queryFn: () => post<ApplicationFilterOptionsView>('/mucgrs-service/staff/applications/options', {}), staleTime: 60_000 });

export const useScoreGrid = (viewer: string, body: ScoreGridRequest, enabled: boolean) =>
  useQuery({ queryKey: scoresKey('grid', viewer, body), queryFn: () => post<ScoreGridView>(`${base}/grid`, body), enabled, placeholderData: keepPreviousData });

export const useScoreHistory = (area: AdmissionArea, recruitYear: string, number: string | null) =>
  useQuery({
    queryKey: scoresKey('history', area, recruitYear, number),
    queryFn: () => post<ScoreHistoryView>(`${base}/history`, { area, recruitYear, number }),
    enabled: number !== null,
    gcTime: 0,
  });

/** Every change fetches the grid (and histories) again: versions count, recorded values move. */
function useScoreAct<B, R>(call: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<R>(`${base}/${call}`, body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: scoresKey() }),
  });
}
export const useRecordScore = () => useScoreAct<RecordScoreRequest, ScoreRecordedView>('save');
export const useSaveScale = () => useScoreAct<SaveScoreScaleRequest, { maxScore: string }>('scale');
export const useSaveWeights = () => useScoreAct<SaveScoreWeightsRequest, ScoreWeightsView>('saveWeights');
export const useComputeFinal = () => useScoreAct<ComputeFinalRequest, ComputeFinalView>('computeFinal');

export const useScoreWeights = (viewer: string, area: AdmissionArea, recruitYear: string, enabled: boolean) =>
  useQuery({ queryKey: scoresKey('weights', viewer, area, recruitYear), queryFn: () => post<ScoreWeightsView>(`${base}/weights`, { area, recruitYear }), enabled });

/** The template of the current list; a refusal is thrown as the ReplyError it is. */
export const scoreTemplate = (body: ScoreTemplateRequest): Promise<{ blob: Blob; fileName: string }> => fetchFile(`${base}/template`, body, `scores-${body.kind}.xlsx`);

/** A dry run or the import itself: the cycle in the query (judged before the file is read), the file as the one part. */
export function importScores(cycle: Cycle, file: File, dryRun: boolean): Promise<ScoreImportView> {
  const form = new FormData();
  form.append('file', file, file.name);
  const query = new URLSearchParams({ area: cycle.area, recruitYear: cycle.recruitYear, kind: cycle.kind, dryRun: String(dryRun) });
  // Silent: the page shows the refusal (a macro, a zip bomb, too many rows) beside the upload.
  return http.post<{ data: ScoreImportView }>(`${base}/import?${query.toString()}`, form, { timeout: 0, silent: true }).then((res) => res.data.data);
}
