import type { MyReviewsView } from '@gradus/contract/api/staff-scoring';
import { useQuery } from '@tanstack/react-query';
import { download, extensionOf, OPENABLE } from '@/lib/download';
import { http } from '@/lib/request';
import { linkUrl, sessionCall, sessionOptions } from '@/lib/review-link/session';
import type { ReviewChannel } from '../review-channel';

/**
 * The material review's calls of an external expert's review session (the link, its identity
 * step and the stored session are in lib/review-link, shared with the interview panels).
 */
export function linkCalls(reviewToken: string) {
  const call = sessionCall(reviewToken);
  const fileBlob = async (filePath: string): Promise<Blob> => {
    const res = await http.post<Blob>(linkUrl('getFileByte'), { filePath }, { ...sessionOptions(reviewToken), responseType: 'blob', timeout: 0 });
    if (res.status !== 200 || res.data.type.includes('application/json')) throw new Error('unreadable');
    return res.data;
  };
  const channel: ReviewChannel = {
    root: 'reviewLink',
    scoring: (applicationId) => call('scoring', { applicationId }),
    saveScore: (body) => call('saveScore', body),
    declareConflict: (body) => call('declareConflict', body),
    file: (applicationId) => call('file', { applicationId }),
    fileBlob,
    // Opened from the bytes already allowed to this session: PDFs and images in a window, the rest saved.
    openFile: async (filePath, fileName) => {
      const blob = await fileBlob(filePath);
      if ((OPENABLE as readonly string[]).includes(extensionOf(fileName)) && download.open(blob)) return;
      download.save(blob, fileName);
    },
  };
  return { call, channel };
}

export type LinkCalls = ReturnType<typeof linkCalls>;

export const useLinkReviews = (calls: LinkCalls) => useQuery({ queryKey: ['reviewLink', 'mine'], queryFn: () => calls.call<MyReviewsView>('mine'), retry: false });
