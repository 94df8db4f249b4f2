import { Button, Checkbox, Popover } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Which columns the table shows; the number and name always stay, a file is opened by them. */
export function ColumnChooser({ all, shown, onChange }: { all: { key: string; title: string }[]; shown: string[]; onChange: (keys: string[]) => void }) {
  const { t } = useTranslation();
  const content = (
    <Checkbox.Group
      className="applications__columns"
      role="group"
      aria-label={t('applications.columns')}
      value={shown}
      onChange={(keys) => onChange(keys as string[])}
      options={all.map((c) => ({ label: c.title, value: c.key }))}
    />
  );
  return (
    <Popover trigger="click" content={content} title={t('applications.columns')} placement="bottomRight">
      <Button icon={<SettingOutlined aria-hidden />}>{t('applications.columns')}</Button>
    </Popover>
  );
}
