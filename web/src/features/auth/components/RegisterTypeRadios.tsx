import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { REGISTER_TYPES } from '@gradus/contract/codes';

/** The five applicant kinds as radios: visible at once, and lighter than a select on the sign-in page. */
export function RegisterTypeRadios({
  value,
  onChange,
  id,
  labelledBy,
}: {
  value?: number;
  onChange?: (v: number) => void;
  id?: string;
  labelledBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      id={id}
      className="register-type-radios"
      aria-labelledby={labelledBy}
      value={value}
      onChange={(e) => onChange?.(Number(e.target.value))}
      options={REGISTER_TYPES.map((type) => ({ value: type, label: t(`registerType.${type}`) }))}
    />
  );
}
