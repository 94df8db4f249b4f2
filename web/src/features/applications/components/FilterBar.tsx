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
import { departmentReviews } from '@gradus/contract/areas';
import { IMPLEMENTED_AREAS } from '@gradus/contract/menus';
import { useLocalName } from '@/lib/local-name';
import { STAFF_CYCLES } from '@/lib/ui/CycleSwitch';

type Filters = ApplicationListRequest;

/**
 * The list's filters. Each choice applies at once (the list reloads on the server); the search
 * applies on Enter or the search button, so typing a name does not send a request per letter.
 */
export function FilterBar({ value, options, onChange }: { value: Filters; options: ApplicationFilterOptionsView | undefined; onChange: (next: Filters) => void }) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  const states = (key: 'formStatus' | 'payment' | 'photo' | 'qualification' | 'departmentReview', values: readonly string[]) => (
    <FilterSelect name={key} value={value[key]} onChange={(v) => set({ [key]: v })} options={values.map((v) => ({ value: v, label: t(`applications.${key}.${v}`) }))} />
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
      <FilterSelect
        name="area"
        value={value.area}
        onChange={(area) => set({ area: area as Filters['area'], ...(area && departmentReviews(area) ? {} : { departmentReview: undefined }) })}
        options={IMPLEMENTED_AREAS.map((a) => ({ value: a, label: t(`applications.area.${a}`) }))}
      />
      {/* Hong Kong, Macao and Taiwan applicants are doctoral applicants on a cycle of their own. */}
      <FilterSelect name="cycle" value={value.cycle} onChange={(cycle) => set({ cycle: cycle as Filters['cycle'] })} options={STAFF_CYCLES.map((c) => ({ value: c, label: t(`cycle.name.${c}`) }))} />
      <FilterSelect name="recruitYear" value={value.recruitYear} onChange={(recruitYear) => set({ recruitYear })} options={(options?.recruitYears ?? []).map((y) => ({ value: y, label: y }))} />
      <FilterSelect
        name="departmentId"
        searchable
        value={value.departmentId}
        onChange={(departmentId) => set({ departmentId, programmeId: undefined })}
        options={(options?.departments ?? []).map((d) => ({ value: d.id, label: localName(d) }))}
      />
      <FilterSelect name="programmeId" searchable value={value.programmeId} onChange={(programmeId) => set({ programmeId })} options={programmes.map((p) => ({ value: p.id, label: localName(p) }))} />
      {states('formStatus', APPLICATION_FORM_FILTERS)}
      {states('payment', PAYMENT_FILTERS)}
      {states('photo', PHOTO_FILTERS)}
      {/* The school's review, where the area has one: the filter matches nothing elsewhere. */}
      {value.area && departmentReviews(value.area) && states('departmentReview', QUALIFICATION_FILTERS)}
      {states('qualification', QUALIFICATION_FILTERS)}
      <Button onClick={() => onChange({})}>{t('applications.filter.reset')}</Button>
    </div>
  );
}

/** One filter: named by its field (label and placeholder alike), cleared back to "any". */
function FilterSelect<V extends string | number>({
  name,
  value,
  options,
  onChange,
  searchable = false,
}: {
  name: keyof Filters;
  value: V | undefined;
  options: { value: V; label: string }[];
  onChange: (value: V | undefined) => void;
  /** Long lists (departments, programmes) can be typed into. */
  searchable?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select<V>
      allowClear
      {...(searchable ? { showSearch: { optionFilterProp: 'label' } } : {})}
      className={searchable ? 'applications__filter applications__filter--wide' : 'applications__filter'}
      aria-label={t(`applications.filter.${name}`)}
      placeholder={t(`applications.filter.${name}`)}
      value={value}
      onChange={(v) => onChange(v)}
      options={options}
    />
  );
}
