import { useMutation } from '@tanstack/react-query';
import type { ForgetPasswordSearchRequest, ForgetPasswordSearchResponse } from '@gradus/contract/api/auth';
import { post } from '@/lib/request';

/** Finds the applicant's number and security question (forgot number; step 1 of reset by question). */
export const forgetPasswordSearch = (body: ForgetPasswordSearchRequest) =>
  post<ForgetPasswordSearchResponse>('/api/v1/client/forgetPasswordSearch', body);
export const useForgetPasswordSearch = () => useMutation({ mutationFn: forgetPasswordSearch });
