import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The area a page shows, as a group of choices rather than tabs: six areas wrap on a phone instead
 * of hiding behind an overflow button (which axe refuses inside a tab list).
 */
export function AreaChoice({ areas, value, onChange }: { areas: readonly string[]; value: string; onChange: (area: string) => void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      className="config__areas"
      optionType="button"
      buttonStyle="solid"
      aria-label={t('config.areaChoice')}
      value={value}
      onChange={(e) => onChange(String(e.target.value))}
      options={areas.map((area) => ({ value: area, label: t(`config.area.${area}`) }))}
    />
  );
}
