import { MaterialsManager } from '../components/MaterialsManager';

/** /doctorRegister/fileManage2: supplementary materials, open once the form has been submitted. */
export default function SupplementaryMaterialsPage() {
  return <MaterialsManager phase="supplementary" />;
}
