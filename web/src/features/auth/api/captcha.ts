import { useQuery } from '@tanstack/react-query';
import type { CaptchaResponse } from '@gradus/contract/api/auth';
import { post } from '@/lib/request';

export const fetchCaptcha = () => post<CaptchaResponse>('/api/v1/client/RandomImage', {});

/** A captcha is single use (2 min): refresh after every submit and on click. */
export function useCaptcha(scope: string) {
  const query = useQuery({ queryKey: ['captcha', scope], queryFn: fetchCaptcha, staleTime: Infinity, gcTime: 0 });
  return {
    uuid: query.data?.uuid ?? '',
    img: query.data?.img,
    loading: query.isFetching,
    failed: query.isError,
    refresh: () => void query.refetch(),
  };
}
export type Captcha = ReturnType<typeof useCaptcha>;
