import type { CampQualificationView, ConfirmCampPlaceRequest } from '@gradus/contract/summer-camp/qualification';
import { post } from '@/lib/request';
import { usePlaceAnswer } from './placeAnswer';

/** Takes the offered place, by its deadline. */
export const confirmCampPlace = (body: ConfirmCampPlaceRequest) => post<CampQualificationView>('/mucgrs-service/summerCamp/qualification/confirm', body, { silent: true });
export const useConfirmCampPlace = () => usePlaceAnswer(confirmCampPlace);
