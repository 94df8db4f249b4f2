import { useTranslation } from 'react-i18next';
import { MaterialsManager } from '@/lib/materials/MaterialsManager';
import { CAMP_MATERIALS } from '../api/materials';

/** summerCampUploadFile: the materials that go with the camp application (transcript, rank certificate, referee letters …). */
export default function CampMaterialsPage() {
  const { t } = useTranslation();
  return <MaterialsManager phase="application" api={CAMP_MATERIALS} title={t('menu.summerCampRegister.uploadFile')} lead={t('camp.materials.lead')} />;
}
