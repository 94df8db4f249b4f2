import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicationFilterOptionsView } from '@gradus/contract/api/staff';
import { useLocalName } from '@/lib/local-name';

/** The programme a review screen works on, labelled by its visible name (label in name). */
export function ProgrammePicker({ options, value, onChange, allowAll = false }: { options: ApplicationFilterOptionsView | undefined; value: number | undefined; onChange: (id: number | undefined) => void; allowAll?: boolean }) {
  const { t } = useTranslation();
  const localName = useLocalName();
  return (
    <label className="qualification__programme">
      <span>{t('applications.filter.programmeId')}</span>
      <Select
        allowClear={allowAll}
        aria-label={t('applications.filter.programmeId')}
        placeholder={t(allowAll ? 'review.qualification.allProgrammes' : 'setup.pickProgramme')}
        value={value}
        onChange={(v?: number) => onChange(v)}
        options={(options?.programmes ?? []).map((p) => ({ value: p.id, label: `${localName(p)} ${p.code}` }))}
      />
    </label>
  );
}
