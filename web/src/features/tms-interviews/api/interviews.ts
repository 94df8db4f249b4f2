import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TmsInterviewListView, TmsInvitationView, TmsInviteRequest, tmsInterviewResultRequest, tmsWithdrawInvitationRequest } from '@gradus/contract/tuimian/interview';
import type { TmsNationalOfferRequest, TmsNationalOfferView } from '@gradus/contract/tuimian/national-offer';
import { post } from '@/lib/request';

const base = '/mucgrs-service/staff/tmsInterviews';

/** Keyed by who asks, like every back-office query: another session never sees this one's list. */
export const interviewsKey = (...rest: unknown[]) => ['staff', 'tmsInterviews', ...rest] as const;

/**
 * The current year's eligible tuimian applications in the caller's scope, with their invitations
 * and results. The programme filter is applied on the page (the list is one school's or one year's,
 * small), so switching it asks nothing.
 */
export const useTmsInterviewList = (viewer: string) =>
  useQuery({ queryKey: interviewsKey('list', viewer), queryFn: () => post<TmsInterviewListView>(`${base}/list`, {}, { silent: true }) });

/**
 * Invite, withdraw, result and offer: silent, the page (or the dialog) shows the server's refusal.
 * The list is read again either way: after a success for the row's new state, after a refusal
 * because it may be out of date (a colleague recorded a result meanwhile, the office released the results).
 */
function useInterviewAction<B, R>(call: 'invite' | 'withdraw' | 'result' | 'offer') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<R>(`${base}/${call}`, body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: interviewsKey('list') }),
  });
}
export const useInvite = () => useInterviewAction<TmsInviteRequest, TmsInvitationView>('invite');
export const useWithdrawInvitation = () => useInterviewAction<z.input<typeof tmsWithdrawInvitationRequest>, null>('withdraw');
export const useRecordResult = () => useInterviewAction<z.input<typeof tmsInterviewResultRequest>, null>('result');
/** The office's record of its offer in the national system (the office alone may; a secretary gets 403). */
export const useRecordOffer = () => useInterviewAction<TmsNationalOfferRequest, TmsNationalOfferView>('offer');
