import { useMutation } from '@tanstack/react-query';
import type { ResetByEmailConfirmRequest } from '@gradus/contract/api/auth';
import { post } from '@/lib/request';

export const resetByEmailConfirm = (body: ResetByEmailConfirmRequest) => post<unknown>('/api/v1/client/resetByEmailConfirm', body);
export const useResetByEmailConfirm = () => useMutation({ mutationFn: resetByEmailConfirm });
