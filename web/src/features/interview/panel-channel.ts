import { createContext, useContext } from 'react';
import type { PanelSessionView, SavedInterviewScore } from '@gradus/contract/api/staff-interview';
import { openGeneratedPdf } from '@/lib/download';
import { post } from '@/lib/request';
import { linkUrl, sessionCall, sessionOptions } from '@/lib/review-link/session';

export interface PanelScoreBody {
  sessionId: number;
  applicationId: number;
  scores: Record<string, string>;
  comment: string;
  submit: boolean;
  version: number;
}

/**
 * Where the panel's calls go. A signed-in member scores through the back office's calls; an
 * external member through their interview link's, with its review session. The tablet screen is
 * the same either way.
 */
export interface PanelChannel {
  /** The first part of every query key: what a link's session drew is never shown to a portal session, nor back. */
  root: 'staff' | 'reviewLink';
  panel(sessionId: number): Promise<PanelSessionView>;
  saveScore(body: PanelScoreBody): Promise<SavedInterviewScore>;
  lock(body: { sessionId: number }): Promise<PanelSessionView>;
  /** The signed record, opened in a new window (or saved when the browser blocks it). */
  printRecord(sessionId: number): Promise<unknown>;
}

const staffUrl = (call: string) => `/mucgrs-service/staff/interview/${call}`;
/** Calls whose refusal the screen shows itself, next to what was asked. */
const quiet = { silent: true } as const;

export const staffPanelChannel: PanelChannel = {
  root: 'staff',
  panel: (sessionId) => post(staffUrl('panel'), { sessionId }, quiet),
  saveScore: (body) => post(staffUrl('saveScore'), body, quiet),
  lock: (body) => post(staffUrl('lock'), body, quiet),
  printRecord: (sessionId) => openGeneratedPdf(staffUrl('record'), { sessionId }, `interview-${sessionId}.pdf`),
};

/** An external member's panel: the same calls under review-link/interview/, the review session as the credentials. */
export function linkPanelChannel(reviewToken: string): PanelChannel {
  const call = sessionCall(reviewToken);
  return {
    root: 'reviewLink',
    panel: (sessionId) => call('interview/panel', { sessionId }),
    saveScore: (body) => call('interview/saveScore', body),
    lock: (body) => call('interview/lock', body),
    printRecord: (sessionId) => openGeneratedPdf(linkUrl('interview/record'), { sessionId }, `interview-${sessionId}.pdf`, sessionOptions(reviewToken)),
  };
}

export const PanelChannelContext = createContext<PanelChannel>(staffPanelChannel);
export const usePanelChannel = (): PanelChannel => useContext(PanelChannelContext);
