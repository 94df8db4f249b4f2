import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell } from '@/lib/form/FormShell';
import { useCampFormDetail } from '../api/formDetail';
import { CampFormEditor } from '../components/CampFormEditor';
import { CampSubmittedView } from '../components/CampSubmittedView';
import '../summer-camp.css';

/**
 * summerCampApply, the summer-camp application form: saved as a draft automatically and on demand
 * (an unsent copy stays on the device), submitted once complete, then read-only. A returned form
 * opens only the sections the reviewer named.
 */
export default function CampApplicationPage() {
  const { t } = useTranslation();
  const detail = useCampFormDetail();
  // A reload after "changed in another window" remounts the editor on the fresh form.
  const [epoch, setEpoch] = useState(0);
  const reload = () => void detail.refetch().then(() => setEpoch((e) => e + 1));
  return (
    <FormShell title={t('camp.title')} lead={t('camp.lead')} query={detail}>
      {(d) => {
        if (d.status === 'submitted') return <CampSubmittedView detail={d} />;
        if (d.submission.closed) return <CampSubmittedView detail={d} closed />;
        return <CampFormEditor key={epoch} detail={d} onReload={reload} />;
      }}
    </FormShell>
  );
}
