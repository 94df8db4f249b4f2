import { useQuery } from '@tanstack/react-query';
import type { ScoreKind } from '@gradus/contract/doctor/journey';
import type { ScoreResultView } from '@gradus/contract/doctor/results';
import { post } from '@/lib/request';

export const getScore = (kind: ScoreKind) => post<ScoreResultView>('/mucgrs-service/doctor/results/score', { kind }, { silent: true });
export const scoreQuery = (kind: ScoreKind) => ({ queryKey: ['doctor', 'results', 'score', kind] as const, queryFn: () => getScore(kind) });
export const useScore = (kind: ScoreKind) => useQuery(scoreQuery(kind));
