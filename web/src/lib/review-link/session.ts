import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewLinkView, ReviewSessionGrant, ReviewSessionView, SentReviewCode } from '@gradus/contract/api/review-link';
import type { ScoredStage } from '@gradus/contract/api/staff-scoring';
import { post } from '@/lib/request';

/**
 * An external expert's mailed link (issue #9), shared by the material review (/review) and the
 * interview panels (/scoresReview): the link's token opens it and passes the identity step; the
 * review session that step gives is kept in this browser (only this browser passed it) and sent
 * with every later call. Silent: the page says itself what went wrong.
 */
export const linkUrl = (call: string) => `/mucgrs-service/review-link/${call}`;
export const quiet = { silent: true } as const;
const SESSIONS_KEY = 'gradus.reviewSessions';

/** The stages a panel scores in a room: their link opens /scoresReview, not /review. */
export const isInterviewStage = (stage: ScoredStage): boolean => stage === 'assessment' || stage === 'language';

/**
 * Each link's review session this browser passed the identity step for, by link token: one expert
 * may hold a material-review link and an interview link, and must not lose one by opening the other.
 */
type StoredSessions = Record<string, string>;
function storedSessions(): StoredSessions {
  try {
    const stored = JSON.parse(localStorage.getItem(SESSIONS_KEY) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as StoredSessions) : {};
  } catch {
    return {};
  }
}

/** The review session this browser holds for the link, if it passed the link's identity step. */
export const storedSession = (linkToken: string): string | null => storedSessions()[linkToken] ?? null;
const keepSession = (linkToken: string, reviewToken: string) => localStorage.setItem(SESSIONS_KEY, JSON.stringify({ ...storedSessions(), [linkToken]: reviewToken }));
/** Forgets a link's session that no longer works (the link's other sessions stay). */
export function forgetSession(linkToken: string): void {
  const { [linkToken]: _gone, ...rest } = storedSessions();
  localStorage.setItem(SESSIONS_KEY, JSON.stringify(rest));
}

export const useOpenLink = (token: string) =>
  useQuery({ queryKey: ['reviewLink', 'open', token], queryFn: () => post<ReviewLinkView>(linkUrl('open'), { token }, quiet), retry: false, enabled: token !== '' });

export const useSendCode = () => useMutation({ mutationFn: (token: string) => post<SentReviewCode>(linkUrl('sendCode'), { token }, quiet) });

export function useVerifyCode(onSession: (reviewToken: string) => void) {
  return useMutation({
    mutationFn: (body: { token: string; code: string }) => post<ReviewSessionGrant>(linkUrl('verify'), body, quiet),
    onSuccess: (grant, body) => {
      keepSession(body.token, grant.reviewToken);
      onSession(grant.reviewToken);
    },
  });
}

/** The request options of a review session: its token as the credentials, never the portal's. */
export const sessionOptions = (reviewToken: string) => ({ ...quiet, headers: { Authorization: `Bearer ${reviewToken}` } });

/** One call of the review session. */
export const sessionCall =
  (reviewToken: string) =>
  <T>(name: string, body: object = {}) =>
    post<T>(linkUrl(name), body, sessionOptions(reviewToken));

export type SessionCall = ReturnType<typeof sessionCall>;

export const useLinkSession = (call: SessionCall) => useQuery({ queryKey: ['reviewLink', 'session'], queryFn: () => call<ReviewSessionView>('session'), retry: false });

export function useDeclareNoConflict(call: SessionCall) {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => call<ReviewSessionView>('declare', { noConflict: true }), onSuccess: () => client.invalidateQueries({ queryKey: ['reviewLink'] }) });
}
