import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { REGISTER_TYPES } from '@gradus/contract/codes';

/** The five applicant kinds (issue #2), labelled in the UI language. */
export function RegisterTypeSelect({
  value,
  onChange,
  id,
  open,
}: {
  value?: number;
  onChange?: (v: number) => void;
  id?: string;
  /** Register types open for registration; others are shown disabled. */
  open?: Record<string, boolean>;
}) {
  const { t } = useTranslation();
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={onChange}
      placeholder={t('auth.registerTypePlaceholder')}
      options={REGISTER_TYPES.map((type) => {
        const closed = open !== undefined && open[String(type)] === false;
        return {
          value: type,
          disabled: closed,
          label: closed ? t('auth.registerTypeClosed', { type: t(`registerType.${type}`) }) : t(`registerType.${type}`),
        };
      })}
    />
  );
}
