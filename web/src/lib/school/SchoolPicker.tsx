import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCHOOL_KINDS, type SchoolKind } from '@gradus/contract/summer-camp/form';
import { matchUniversity, useUniversityOptions } from './universities';

const CODE_PATH = ['undergraduate', 'schoolCode'];
const ESCAPE = 'escape:';
const ESCAPES = SCHOOL_KINDS.filter((k) => k !== 'listed');

interface Props {
  id?: string;
  /** The school kind (the Form.Item's field); the listed school's code lives beside it. */
  value?: SchoolKind | null;
  onChange?: (kind: SchoolKind | undefined) => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
}

/**
 * One searchable list: the listed schools by name (either language) or code, and below them, always
 * offered whatever was typed, the three ways out for a school not there. Arrow keys and Enter pick
 * either, as in any select. Shared by every form with an undergraduate section (camp, tuimian).
 */
export function SchoolPicker({ id, value, onChange, disabled, ...rest }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const universities = useUniversityOptions();
  const code = Form.useWatch(CODE_PATH, form) as string | undefined;
  const selected = value === 'listed' ? code : value ? `${ESCAPE}${value}` : undefined;
  const options = [
    { label: t('camp.school.listedGroup'), options: universities },
    { label: t('camp.school.escapeGroup'), options: ESCAPES.map((k) => ({ value: `${ESCAPE}${k}`, label: t(`camp.schoolKind.${k}`), search: '' })) },
  ];
  const pick = (chosen: string | undefined) => {
    const kind = !chosen ? undefined : chosen.startsWith(ESCAPE) ? (chosen.slice(ESCAPE.length) as SchoolKind) : 'listed';
    // The code first: the kind's change is what tells the form (and autosave) that something changed.
    form.setFieldValue(CODE_PATH, kind === 'listed' ? chosen : undefined);
    onChange?.(kind);
  };
  return (
    <Select
      id={id}
      aria-invalid={rest['aria-invalid']}
      value={selected}
      onChange={pick}
      options={options}
      showSearch
      allowClear
      disabled={disabled}
      placeholder={t('camp.school.placeholder')}
      filterOption={matchUniversity}
      notFoundContent={t('camp.school.noMatch')}
    />
  );
}
