import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationFilterOptionsView } from '@gradus/contract/api/staff';
import type {
  InterviewCandidatesView,
  InterviewKind,
  InterviewSessionView,
  InterviewSessionsView,
  MyInterviewSessionsView,
  SaveInterviewSessionRequest,
} from '@gradus/contract/api/staff-interview';
import type { ExternalExpertView, SentReviewLink } from '@gradus/contract/api/review-link';
import type { ReviewSettingsView, ScoreSheetView } from '@gradus/contract/api/staff-scoring';
import type { SheetItem } from '@gradus/contract/scoring';
import { post } from '@/lib/request';
import { staffPanelChannel, usePanelChannel, type PanelChannel, type PanelScoreBody } from '../panel-channel';

const url = (call: string) => `/mucgrs-service/staff/interview/${call}`;
/** Calls whose refusal the screen shows itself, next to what was asked. */
const quiet = { silent: true } as const;
export const interviewKey = (viewer: string, ...rest: unknown[]) => ['staff', 'interview', viewer, ...rest] as const;

// --- The office ---

export const useSessions = (viewer: string) => useQuery({ queryKey: interviewKey(viewer, 'sessions'), queryFn: () => post<InterviewSessionsView>(url('sessions'), {}) });

export const useSessionView = (viewer: string, sessionId: number | null) =>
  useQuery({
    queryKey: interviewKey(viewer, 'session', sessionId),
    queryFn: () => post<InterviewSessionView>(url('session'), { sessionId }),
    enabled: sessionId !== null,
  });

export const useCandidates = (viewer: string, kind: InterviewKind, programmeId: number | undefined) =>
  useQuery({
    queryKey: interviewKey(viewer, 'candidates', kind, programmeId),
    queryFn: () => post<InterviewCandidatesView>(url('candidates'), { kind, programmeId }),
    enabled: programmeId !== undefined,
  });

/** The programmes the office may set sessions up for (the list's filter options). */
export const useProgrammes = (viewer: string) =>
  useQuery({ queryKey: ['staff', 'applications', 'options', viewer] as const, queryFn: () => post<ApplicationFilterOptionsView>('/mucgrs-service/staff/applications/options', {}), staleTime: 60_000 });

/** A change to sessions or scores: every view of them is fetched again. */
function useInterviewChange<B, R>(call: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<R>(url(call), body, quiet),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'interview'] }),
  });
}

export const useSaveSession = () => useInterviewChange<SaveInterviewSessionRequest, InterviewSessionView>('save');
export const useDeleteSession = () => useInterviewChange<{ sessionId: number; version: number }, null>('delete');

// --- Each interview stage's rules and sheets (the expert review's calls, for the stages panels score) ---

const reviewUrl = (call: string) => `/mucgrs-service/staff/review/${call}`;

export const useStageSettings = (viewer: string, stage: InterviewKind) =>
  useQuery({ queryKey: interviewKey(viewer, 'settings', stage), queryFn: () => post<ReviewSettingsView>(reviewUrl('settings'), { stage }) });

export const useStageSheet = (viewer: string, stage: InterviewKind, programmeId: number) =>
  useQuery({ queryKey: interviewKey(viewer, 'sheet', stage, programmeId), queryFn: () => post<ScoreSheetView | null>(reviewUrl('sheet'), { stage, programmeId }) });

/** A change to a stage's rules or sheets: the interview views are fetched again. */
function useStageChange<B, R>(call: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<R>(reviewUrl(call), body, quiet),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff'] }),
  });
}

export const useSaveStageSettings = () =>
  useStageChange<{ stage: InterviewKind; method: string; minExperts: number; expertsPerApplication: number; maxLoad: number }, ReviewSettingsView>('saveSettings');
export const useSaveStageSheet = () => useStageChange<{ stage: InterviewKind; programmeId: number; items: SheetItem[]; version: number }, ScoreSheetView>('saveSheet');

// --- External panel members: they score by a mailed link ---

/** The external experts on record, with their latest link for the stage: their address for the confirmation. */
export const useExternalExperts = (viewer: string, stage: InterviewKind) =>
  useQuery({ queryKey: interviewKey(viewer, 'external', stage), queryFn: () => post<ExternalExpertView[]>(reviewUrl('externalExperts'), { stage }) });

/** Mails an external member the link for the stage's sessions they sit on (a newer link replaces the last). */
export const useSendPanelLink = () => useStageChange<{ stage: InterviewKind; expertUserId: number }, SentReviewLink>('sendLink');

// --- The panel ---

export const useMySessions = (viewer: string) => useQuery({ queryKey: interviewKey(viewer, 'mine'), queryFn: () => post<MyInterviewSessionsView>(url('mine'), {}) });

/** The panel's view of one session, through the screen's channel (the portal's session or a link's). */
export function usePanel(viewer: string, sessionId: number | null) {
  const channel = usePanelChannel();
  return useQuery({
    queryKey: channel.root === 'staff' ? interviewKey(viewer, 'panel', sessionId) : (['reviewLink', 'interview', 'panel', sessionId] as const),
    queryFn: () => channel.panel(sessionId!),
    enabled: sessionId !== null,
    retry: false,
  });
}

/** A change the panel makes: every view of the sessions is fetched again. */
function usePanelChange<B, R>(act: (channel: PanelChannel, body: B) => Promise<R>) {
  const client = useQueryClient();
  const channel = usePanelChannel();
  return useMutation({
    mutationFn: (body: B) => act(channel, body),
    onSuccess: () => client.invalidateQueries({ queryKey: channel.root === 'staff' ? ['staff', 'interview'] : ['reviewLink'] }),
  });
}

export const useSaveScore = () => usePanelChange((channel, body: PanelScoreBody) => channel.saveScore(body));
export const useLock = () => usePanelChange((channel, body: { sessionId: number }) => channel.lock(body));

/** The signed record, opened in a new window (or saved when the browser blocks it): the office's copy. */
export const printRecord = (sessionId: number) => staffPanelChannel.printRecord(sessionId);
