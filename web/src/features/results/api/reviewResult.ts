import { useQuery } from '@tanstack/react-query';
import type { ResultStage, ReviewResultView } from '@gradus/contract/doctor/results';
import { post } from '@/lib/request';

/** Silent: the page shows a failure in place, with a retry, rather than as a toast. */
export const getReviewResult = (stage: ResultStage) => post<ReviewResultView>('/mucgrs-service/doctor/results/review', { stage }, { silent: true });
export const reviewResultQuery = (stage: ResultStage) => ({ queryKey: ['doctor', 'results', 'review', stage] as const, queryFn: () => getReviewResult(stage) });
export const useReviewResult = (stage: ResultStage) => useQuery(reviewResultQuery(stage));
