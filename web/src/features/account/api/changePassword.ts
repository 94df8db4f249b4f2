import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@gradus/contract/api/auth';
import { post } from '@/lib/request';

/** Other sessions of the user end; this one stays. */
export const changePassword = (body: ChangePasswordRequest) => post<unknown>('/api/v1/client/changePasswd', body);
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
