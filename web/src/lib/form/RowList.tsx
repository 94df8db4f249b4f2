import type { ReactNode } from 'react';
import { Button, Card, Empty, Form, Row } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  name: string;
  min: number;
  max: number;
  /** e.g. "Add an education entry" */
  addLabel: string;
  /** e.g. "Education 2" */
  rowTitle: (index: number) => string;
  children: (index: number) => ReactNode;
}

/**
 * Addable, removable rows of a list section; the limits are the contract's. A limit only ever
 * disables (`true` or nothing): an explicit `false` would override the locked section around it
 * (a returned form's closed sections) and let a row be removed there.
 */
export function RowList({ name, min, max, addLabel, rowTitle, children }: Props) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div className="application-form__rows">
          {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.rows.none')} />}
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              type="inner"
              title={rowTitle(index)}
              extra={
                <Button type="text" danger icon={<DeleteOutlined aria-hidden />} disabled={fields.length <= min || undefined} onClick={() => remove(field.name)} aria-label={t('form.rows.remove', { row: rowTitle(index) })}>
                  {t('form.rows.removeShort')}
                </Button>
              }
            >
              <Row gutter={16}>{children(field.name)}</Row>
            </Card>
          ))}
          <Button type="dashed" block icon={<PlusOutlined aria-hidden />} disabled={fields.length >= max || undefined} onClick={() => add({})}>
            {fields.length >= max ? t('form.rows.full', { max }) : addLabel}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
