import { MaterialsManager } from '../components/MaterialsManager';

/** /doctorRegister/fileManage: the electronic materials that go with the registration form. */
export default function MaterialsPage() {
  return <MaterialsManager phase="application" />;
}
