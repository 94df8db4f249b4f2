import { Alert, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampCatalogueView } from '@gradus/contract/summer-camp/form';
import { useLocalName } from '@/lib/local-name';

interface Props {
  catalogue: CampCatalogueView | undefined;
  loading: boolean;
  failed: boolean;
  programmeId: number | undefined;
  onChange: (programmeId: number | undefined) => void;
}

const PICKER_ID = 'camp-admission-programme';

/** The year's camp programmes, grouped by camp, each with the places it offers. */
export function ProgrammePicker({ catalogue, loading, failed, programmeId, onChange }: Props) {
  const { t } = useTranslation();
  const name = useLocalName();
  const groups = (catalogue?.camps ?? []).map((camp) => ({
    label: name(camp),
    title: name(camp),
    options: camp.programmes.map((p) => {
      const label = t('campAdmission.programmeOption', { camp: name(camp), programme: name(p), places: p.capacity });
      return { value: p.id, label, title: label };
    }),
  }));
  return (
    <div className="camp-admission__picker">
      <label htmlFor={PICKER_ID} className="camp-admission__label">
        {t('campAdmission.programme')}
      </label>
      <Select<number>
        id={PICKER_ID}
        aria-label={t('campAdmission.programme')}
        className="camp-admission__select"
        classNames={{ popup: { root: 'camp-admission__popup' } }}
        placeholder={t('campAdmission.choose')}
        value={programmeId}
        onChange={(value) => onChange(value ?? undefined)}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        options={groups}
        notFoundContent={t('campAdmission.noCamps')}
      />
      {failed && <Alert className="camp-admission__notice" type="error" showIcon title={t('campAdmission.catalogueFailed')} />}
    </div>
  );
}
