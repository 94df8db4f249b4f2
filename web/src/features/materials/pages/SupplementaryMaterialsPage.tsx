import { useTranslation } from 'react-i18next';
import { MaterialsManager } from '@/lib/materials/MaterialsManager';
import { DOCTOR_MATERIALS } from '../api/endpoints';

/** /doctorRegister/fileManage2: supplementary materials, open once the form has been submitted. */
export default function SupplementaryMaterialsPage() {
  const { t } = useTranslation();
  return <MaterialsManager phase="supplementary" api={DOCTOR_MATERIALS} title={t('menu.doctorRegister.fileManage2')} lead={t('materials.lead.supplementary')} />;
}
