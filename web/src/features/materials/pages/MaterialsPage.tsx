import { useTranslation } from 'react-i18next';
import { MaterialsManager } from '@/lib/materials/MaterialsManager';
import { DOCTOR_MATERIALS } from '../api/endpoints';

/** /doctorRegister/fileManage: the electronic materials that go with the registration form. */
export default function MaterialsPage() {
  const { t } = useTranslation();
  return <MaterialsManager phase="application" api={DOCTOR_MATERIALS} title={t('menu.doctorRegister.fileManage')} lead={t('materials.lead.application')} />;
}
