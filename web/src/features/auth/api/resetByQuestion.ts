import { useMutation } from '@tanstack/react-query';
import type { ResetByQuestionRequest } from '@gradus/contract/api/auth';
import { post } from '@/lib/request';

export const resetByQuestion = (body: ResetByQuestionRequest) => post<unknown>('/api/v1/client/resetByQuestion', body);
export const useResetByQuestion = () => useMutation({ mutationFn: resetByQuestion });
