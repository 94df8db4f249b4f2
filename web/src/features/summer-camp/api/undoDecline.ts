import type { CampQualificationView, UndoCampDeclineRequest } from '@gradus/contract/summer-camp/qualification';
import { post } from '@/lib/request';
import { usePlaceAnswer } from './placeAnswer';

/** Takes a declined place back as an offer to confirm, where the camp allows it and the place is still free. */
export const undoCampDecline = (body: UndoCampDeclineRequest) => post<CampQualificationView>('/mucgrs-service/summerCamp/qualification/undoDecline', body, { silent: true });
export const useUndoCampDecline = () => usePlaceAnswer(undoCampDecline);
