import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeleteExamSessionRequest,
  ExamSeatsView,
  ExamSessionsView,
  MoveSeatRequest,
  SaveExamSessionRequest,
  SeatAssignmentView,
  TicketBatchView,
  UnseatRequest,
} from '@gradus/contract/api/staff-exams';
import { fetchFile } from '@/lib/download';
import { post } from '@/lib/request';

const base = '/mucgrs-service/staff/exams';
export const examsKey = (...rest: unknown[]) => ['staff', 'exams', ...rest] as const;

/** The year's sessions (a printing's progress is polled on its own, useBatchProgress). */
export const useExamSessions = (viewer: string) => useQuery({ queryKey: examsKey('sessions', viewer), queryFn: () => post<ExamSessionsView>(`${base}/sessions`, {}) });

/**
 * A running printing's progress, asked every second (the printing's own row, not the whole list
 * and its counts); once it ends, the sessions are fetched again for the zip and its state.
 */
export function useBatchProgress(batch: TicketBatchView | null): TicketBatchView | null {
  const client = useQueryClient();
  const running = batch?.state === 'running';
  const progress = useQuery({
    queryKey: examsKey('batch', batch?.id),
    queryFn: async () => {
      const now = await post<TicketBatchView>(`${base}/batch`, { batchId: batch!.id });
      if (now.state !== 'running') await client.invalidateQueries({ queryKey: examsKey('sessions') });
      return now;
    },
    enabled: running,
    refetchInterval: (query) => (query.state.data?.state === 'running' || !query.state.data ? 1000 : false),
  });
  return running ? (progress.data ?? batch) : batch;
}

export const useSeatingPlan = (viewer: string, sessionId: number) =>
  useQuery({ queryKey: examsKey('seats', viewer, sessionId), queryFn: () => post<ExamSeatsView>(`${base}/seats`, { sessionId }) });

/** Every act fetches the sessions and seating plans again, refused or not (someone may have acted meanwhile). */
function useExamAct<B, R>(call: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<R>(`${base}/${call}`, body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: examsKey() }),
  });
}
export const useSaveSession = () => useExamAct<SaveExamSessionRequest, { id: number }>('save');
export const useDeleteSession = () => useExamAct<DeleteExamSessionRequest, null>('delete');
export const useAssignSeats = () => useExamAct<{ sessionId: number }, SeatAssignmentView>('assignSeats');
export const useMoveSeat = () => useExamAct<MoveSeatRequest, null>('move');
export const useUnseat = () => useExamAct<UnseatRequest, null>('unseat');
export const usePrintTickets = () => useExamAct<{ sessionId: number }, TicketBatchView>('print');

/** The printing's zip as a blob with its file name; a refusal (not ready) is thrown as the ReplyError it is. */
export const downloadTickets = (batchId: number): Promise<{ blob: Blob; fileName: string }> => fetchFile(`${base}/zip`, { batchId }, `tickets-${batchId}.zip`);
