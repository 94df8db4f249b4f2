import { menuPagePath } from '@/lib/menu-path';

export const TMS_FORM_PATH = menuPagePath('recommendedStudent/apply');
export const TMS_MATERIALS_PATH = menuPagePath('recommendedStudent/uploadFile');
