import type { CampQualificationView, DeclineCampPlaceRequest } from '@gradus/contract/summer-camp/qualification';
import { post } from '@/lib/request';
import { usePlaceAnswer } from './placeAnswer';

/** Gives up an offered or a confirmed place; it goes at once to the next camper waiting. */
export const declineCampPlace = (body: DeclineCampPlaceRequest) => post<CampQualificationView>('/mucgrs-service/summerCamp/qualification/decline', body, { silent: true });
export const useDeclineCampPlace = () => usePlaceAnswer(declineCampPlace);
