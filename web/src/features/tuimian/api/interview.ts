import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TmsInterviewAnswerRequest, TmsInterviewView } from '@gradus/contract/tuimian/interview';
import { post } from '@/lib/request';

/** The applicant's interview (复试) invitation, and its result once the office released the results. */
export const getTmsInterview = () => post<TmsInterviewView>('/mucgrs-service/tms/interview/detail');
export const tmsInterviewKey = ['tms', 'interview', 'detail'] as const;
export const useTmsInterview = () => useQuery({ queryKey: tmsInterviewKey, queryFn: getTmsInterview });

/**
 * Accepts or declines the invitation. Silent: the page shows a refusal (the school changed the
 * invitation meanwhile, it was already answered, the answer date passed) above the invitation. The
 * reply is the interview as it now stands; after a refusal it is read again, so the page shows what changed.
 */
export function useAnswerTmsInterview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TmsInterviewAnswerRequest) => post<TmsInterviewView>('/mucgrs-service/tms/interview/answer', body, { silent: true }),
    onSuccess: (view) => client.setQueryData(tmsInterviewKey, view),
    onError: () => client.invalidateQueries({ queryKey: tmsInterviewKey }),
  });
}
