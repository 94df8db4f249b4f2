import { createContext, useContext } from 'react';
import type { ApplicationFileView } from '@gradus/contract/api/staff-file';
import type { ScoringView } from '@gradus/contract/api/staff-scoring';
import { downloadFile, fetchFileBlob } from '@/lib/download';
import { post } from '@/lib/request';

export interface SavedScore {
  version: number;
  total: string;
  status: string;
}

/**
 * Where the scoring screen's calls go. A signed-in expert (or the office) scores through the back
 * office's calls; an external expert through their review link's, with its session. The screen,
 * its materials and its score sheet are the same either way.
 */
export interface ReviewChannel {
  /** The first part of every query key: data drawn for a link is never shown to a session, nor back. */
  root: 'staff' | 'reviewLink';
  scoring(applicationId: number): Promise<ScoringView>;
  saveScore(body: object): Promise<SavedScore>;
  declareConflict(body: { applicationId: number; reason: string }): Promise<null>;
  file(applicationId: number): Promise<ApplicationFileView>;
  /** A material's bytes for the inline viewer. */
  fileBlob(filePath: string): Promise<Blob>;
  /** The material in a window of its own. */
  openFile(filePath: string, fileName: string): Promise<unknown>;
}

/** The back office reviews one scored stage here today: the material review. */
export const STAGE = 'materialReview' as const;
/** Calls whose refusal the screen shows itself, next to what was asked. */
const quiet = { silent: true } as const;
const review = <T>(call: string, body: object) => post<T>(`/mucgrs-service/staff/review/${call}`, { stage: STAGE, ...body }, quiet);

export const staffReviewChannel: ReviewChannel = {
  root: 'staff',
  scoring: (applicationId) => review('scoring', { applicationId }),
  saveScore: (body) => review('saveScore', body),
  declareConflict: (body) => review('declareConflict', body),
  // Everything the caller may see of one application, and what they may do on it.
  file: (applicationId) => post('/mucgrs-service/staff/applications/file', { applicationId }, quiet),
  fileBlob: fetchFileBlob,
  openFile: (filePath, fileName) => downloadFile({ filePath, fileName }),
};

export const ReviewChannelContext = createContext<ReviewChannel>(staffReviewChannel);
export const useReviewChannel = (): ReviewChannel => useContext(ReviewChannelContext);
