import { useEffect, type ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DayRange } from '../log-query';

/**
 * A log's filters above its table. A choice in a list applies at once (`instant`); typed text and
 * days apply on Enter or the Search button, so typing a date digit by digit sends nothing half-way.
 * The form follows the address: the back button shows the filters of the list it brings back.
 */
export function FilterForm<F extends DayRange>({
  name,
  title,
  value,
  instant,
  onApply,
  children,
}: {
  /** Prefixes the fields' ids. */
  name: string;
  title: string;
  value: F;
  instant: (keyof F & string)[];
  onApply: (filters: F) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<F>();

  useEffect(() => {
    form.resetFields();
    // antd's setFieldsValue wants a deep-partial of F; the filters are flat.
    form.setFieldsValue(value as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, value]);

  const apply = (fields: F) => {
    const clean: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(fields)) {
      const kept = typeof v === 'string' ? v.trim() : v;
      if (kept !== undefined && kept !== null && kept !== '') clean[key] = kept;
    }
    onApply(clean as F);
  };

  return (
    <Form<F>
      form={form}
      name={name}
      layout="vertical"
      className="logs__filters"
      role="search"
      aria-label={title}
      onFinish={apply}
      onValuesChange={(changed) => {
        if (instant.some((key) => key in changed)) form.submit();
      }}
    >
      {children}
      <Form.Item
        name="from"
        label={t('logs.filter.from')}
        className="logs__field logs__field--day"
        rules={[{ pattern: /^\d{4}-\d{2}-\d{2}$/, message: t('logs.filter.dayFormat') }]}
      >
        <Input type="date" />
      </Form.Item>
      <Form.Item
        name="to"
        label={t('logs.filter.to')}
        className="logs__field logs__field--day"
        dependencies={['from']}
        rules={[
          { pattern: /^\d{4}-\d{2}-\d{2}$/, message: t('logs.filter.dayFormat') },
          ({ getFieldValue }) => ({
            validator: (_, to: string | undefined) => {
              const from = getFieldValue('from') as string | undefined;
              return from && to && to < from ? Promise.reject(new Error(t('logs.filter.toBeforeFrom'))) : Promise.resolve();
            },
          }),
        ]}
      >
        <Input type="date" />
      </Form.Item>
      <div className="logs__filter-actions">
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
          {t('logs.filter.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onApply({} as F);
          }}
        >
          {t('logs.filter.clear')}
        </Button>
      </div>
    </Form>
  );
}

/** A text filter: the part of a name or address to look for. */
export function TextFilter({ name, label, max }: { name: string; label: string; max: number }) {
  return (
    <Form.Item name={name} label={label} className="logs__field">
      <Input allowClear maxLength={max} />
    </Form.Item>
  );
}
