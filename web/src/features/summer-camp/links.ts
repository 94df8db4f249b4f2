import { menuPagePath } from '@/lib/menu-path';

export const CAMP_FORM_PATH = menuPagePath('summerCamp/apply');
export const CAMP_MATERIALS_PAGE_PATH = menuPagePath('summerCamp/uploadFile');
export const CAMP_QUALIFICATION_PATH = menuPagePath('summerCamp/qualification');
