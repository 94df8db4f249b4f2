import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicityPreviewRequest, PublicityPreviewView, StaffPublicityListsView, StaffPublicityListView } from '@gradus/contract/api/publicity';
import { post } from '@/lib/request';

export const listsKey = (...rest: unknown[]) => ['staff', 'publicity', ...rest] as const;

/** Every published list, newest first, with the form's defaults (current year, areas, today in Beijing). */
export const getLists = () => post<StaffPublicityListsView>('/mucgrs-service/staff/publicity/list', {});
export const useLists = (viewer: string) => useQuery({ queryKey: listsKey('list', viewer), queryFn: getLists });

/** The rows the list would hold now and where its period ends; nothing is stored. Silent: the form shows a refusal. */
export const usePreview = () => useMutation({ mutationFn: (body: PublicityPreviewRequest) => post<PublicityPreviewView>('/mucgrs-service/staff/publicity/preview', body, { silent: true }) });

/** Publishes the list (a snapshot from then on); the lists are fetched again whatever the answer. */
export function usePublish() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PublicityPreviewRequest) => post<StaffPublicityListView>('/mucgrs-service/staff/publicity/publish', body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: listsKey('list') }),
  });
}
