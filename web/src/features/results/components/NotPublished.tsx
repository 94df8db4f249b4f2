import { HourglassOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What every results page shows until staff publish: no hint of what the result will be. */
export function NotPublished() {
  const { t } = useTranslation();
  return (
    <Result
      className="results__not-published"
      icon={<HourglassOutlined aria-hidden />}
      title={t('results.notPublished.title')}
      subTitle={t('results.notPublished.hint')}
    />
  );
}
