import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotesListView, NotesUpdateRequest, NotesUpdateView } from '@gradus/contract/api/staff-config';
import { post } from '@/lib/request';

export const notesKey = (...rest: unknown[]) => ['staff', 'notes', ...rest] as const;

/** The notes each area's applicants read on their dashboard. */
export const getNotes = () => post<NotesListView>('/mucgrs-service/staff/notes/list', {});
export const useNotes = (viewer: string) => useQuery({ queryKey: notesKey('list', viewer), queryFn: getNotes });

/** Saves one area's notes; the answer is what the server kept (sanitised) and what it took out. */
export function useUpdateNotes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotesUpdateRequest) => post<NotesUpdateView>('/mucgrs-service/staff/notes/update', body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: notesKey('list') }),
  });
}
