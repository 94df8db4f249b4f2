import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell } from '@/lib/form/FormShell';
import { useTmsFormDetail } from '../api/formDetail';
import { TmsFormEditor } from '../components/TmsFormEditor';
import { TmsSubmittedView } from '../components/TmsSubmittedView';
import '../tuimian.css';

/**
 * recommendedStudentApply, the recommended-exempt (推免) application form: saved as a draft
 * automatically and on demand (an unsent copy stays on the device), submitted once complete, then
 * read-only. A returned form opens only the sections the reviewer named.
 */
export default function TmsApplicationPage() {
  const { t } = useTranslation();
  const detail = useTmsFormDetail();
  // A reload after "changed in another window" remounts the editor on the fresh form.
  const [epoch, setEpoch] = useState(0);
  const reload = () => void detail.refetch().then(() => setEpoch((e) => e + 1));
  return (
    <FormShell title={t('menu.recommendedStudent.apply')} lead={t('tms.lead')} query={detail}>
      {(d) => {
        if (d.status === 'submitted') return <TmsSubmittedView detail={d} />;
        if (d.submission.closed) return <TmsSubmittedView detail={d} closed />;
        return <TmsFormEditor key={epoch} detail={d} onReload={reload} />;
      }}
    </FormShell>
  );
}
