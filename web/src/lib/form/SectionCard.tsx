import type { ReactNode } from 'react';
import { Card, ConfigProvider, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** One section of a form as a card; in a returned form, a section not reopened is shown but locked. */
export function SectionCard({ id, title, returned, locked, children }: { id: string; title: string; returned: boolean; locked: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card
      id={`form-section-${id}`}
      title={title}
      className="application-form__card"
      extra={returned ? <Tag color={locked ? 'default' : 'orange'}>{locked ? t('form.returned.lockedTag') : t('form.returned.reopenedTag')}</Tag> : null}
    >
      <ConfigProvider componentDisabled={locked}>{children}</ConfigProvider>
    </Card>
  );
}
