import { useTranslation } from 'react-i18next';
import { MaterialsManager } from '@/lib/materials/MaterialsManager';
import { TMS_MATERIALS } from '../api/materials';

/**
 * tmsUploadFile: the materials that go with the tuimian application (the recommendation certificate,
 * transcript, referee letters, the signed integrity pledge …), locked once the form is submitted.
 */
export default function TmsMaterialsPage() {
  const { t } = useTranslation();
  return <MaterialsManager phase="application" api={TMS_MATERIALS} title={t('menu.recommendedStudent.uploadFile')} lead={t('tms.materials.lead')} />;
}
