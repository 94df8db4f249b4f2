import { Button, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  APPLICATION_FORM_FILTERS,
  PAYMENT_FILTERS,
  PHOTO_FILTERS,
  QUALIFICATION_FILTERS,
  type ApplicationFilterOptionsView,
  type ApplicationListRequest,
} from '@gradus/contract/api/staff';
import { IMPLEMENTED_AREAS } from '@gradus/contract/menus';
import { useLocalName } from '../useLocalName';

type Filters = ApplicationListRequest;

/**
 * The list's filters. Each choice applies at once (the list reloads on the server); the search
 * applies on Enter or the search button, so typing a name does not send a request per letter.
 */
export function FilterBar({ value, options, onChange }: { value: Filters; options: ApplicationFilterOptionsView | undefined; onChange: (next: Filters) => void }) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  const choice = (key: 'formStatus' | 'payment' | 'photo' | 'qualification', values: readonly string[]) => (
    <Select
      allowClear
      className="applications__filter"
      aria-label={t(`applications.filter.${key}`)}
      placeholder={t(`applications.filter.${key}`)}
      value={value[key]}
      onChange={(v: string | undefined) => set({ [key]: v })}
      options={values.map((v) => ({ value: v, label: t(`applications.${key}.${v}`) }))}
    />
  );
  const programmes = (options?.programmes ?? []).filter((p) => !value.departmentId || p.departmentId === value.departmentId);

  return (
    <div id="applications-filters" className="applications__filters" role="search" aria-label={t('applications.filter.title')}>
      <Input.Search
        className="applications__search"
        aria-label={t('applications.filter.q')}
        placeholder={t('applications.filter.q')}
        maxLength={50}
        allowClear
        // Uncontrolled, and reset whenever the address's search changes (a saved filter, the back button).
        key={value.q ?? ''}
        defaultValue={value.q}
        enterButton={t('applications.filter.search')}
        onSearch={(text) => set({ q: text.trim() || undefined })}
      />
      <Select
        allowClear
        className="applications__filter"
        aria-label={t('applications.filter.area')}
        placeholder={t('applications.filter.area')}
        value={value.area}
        onChange={(area: Filters['area']) => set({ area })}
        options={IMPLEMENTED_AREAS.map((a) => ({ value: a, label: t(`applications.area.${a}`) }))}
      />
      <Select
        allowClear
        className="applications__filter"
        aria-label={t('applications.filter.recruitYear')}
        placeholder={t('applications.filter.recruitYear')}
        value={value.recruitYear}
        onChange={(recruitYear: string | undefined) => set({ recruitYear })}
        options={(options?.recruitYears ?? []).map((y) => ({ value: y, label: y }))}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        className="applications__filter applications__filter--wide"
        aria-label={t('applications.filter.departmentId')}
        placeholder={t('applications.filter.departmentId')}
        value={value.departmentId}
        onChange={(departmentId: number | undefined) => set({ departmentId, programmeId: undefined })}
        options={(options?.departments ?? []).map((d) => ({ value: d.id, label: localName(d) }))}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        className="applications__filter applications__filter--wide"
        aria-label={t('applications.filter.programmeId')}
        placeholder={t('applications.filter.programmeId')}
        value={value.programmeId}
        onChange={(programmeId: number | undefined) => set({ programmeId })}
        options={programmes.map((p) => ({ value: p.id, label: localName(p) }))}
      />
      {choice('formStatus', APPLICATION_FORM_FILTERS)}
      {choice('payment', PAYMENT_FILTERS)}
      {choice('photo', PHOTO_FILTERS)}
      {choice('qualification', QUALIFICATION_FILTERS)}
      <Button onClick={() => onChange({})}>{t('applications.filter.reset')}</Button>
    </div>
  );
}
