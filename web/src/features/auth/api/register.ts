import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest, RegisterResponse } from '@gradus/contract/api/auth';
import { post } from '@/lib/request';

export const register = (body: RegisterRequest) => post<RegisterResponse>('/api/v1/client/recruitRegister', body);
export const useRegister = () => useMutation({ mutationFn: register });
