import { useState } from 'react';
import { Alert, Button, Form, Input, Radio, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CALENDAR_DAY_KINDS, calendarSaveRequest, type CalendarDayView } from '@gradus/contract/api/publicity';
import { feedback } from '@/lib/feedback';
import { issuesToFields } from '@/lib/form-rules';
import { ReplyError } from '@/lib/request';
import { KeyboardScroll } from '@/lib/ui/KeyboardScroll';
import { useViewer } from '@/lib/viewer';
import { useCalendar, useRemoveDay, useSaveDay } from '../api/calendar';
import { useCalendarDay } from '../calendar-day';

interface DayFields {
  date: string;
  kind: string;
  name: string;
}

/**
 * The working-day calendar the lists' periods are counted on: per year, the weekday holidays and
 * the make-up working Saturdays and Sundays (调休), each named. Any other weekend day is closed.
 */
export function CalendarEditor({ today }: { today: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const day = useCalendarDay();
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(String(thisYear + 1));
  const calendar = useCalendar(viewer, year);
  const save = useSaveDay();
  const remove = useRemoveDay();
  const [form] = Form.useForm<DayFields>();
  const [error, setError] = useState<string | null>(null);
  const labels = { date: t('publicity.cal.date'), kind: t('publicity.cal.kind'), name: t('publicity.cal.name') };

  const failed = (err: unknown) => setError(err instanceof ReplyError ? err.message : t('publicity.failed'));
  const add = async () => {
    setError(null);
    const fields = form.getFieldsValue();
    const candidate = { date: fields.date ?? '', kind: fields.kind, name: fields.name ?? '' };
    const result = calendarSaveRequest.safeParse(candidate);
    form.setFields((['date', 'kind', 'name'] as const).map((name) => ({ name, errors: [] })));
    if (!result.success) {
      form.setFields(issuesToFields(result.error.issues, labels).map((i) => ({ name: i.name as keyof DayFields, errors: i.errors })));
      return;
    }
    try {
      await save.mutateAsync(result.data);
      feedback.message.success(t('publicity.cal.saved', { date: day(result.data.date) }));
      if (result.data.date.slice(0, 4) !== year) setYear(result.data.date.slice(0, 4));
      form.setFieldsValue({ date: '', name: '' });
    } catch (err) {
      failed(err);
    }
  };
  const removeDay = async (d: CalendarDayView) => {
    setError(null);
    try {
      await remove.mutateAsync({ date: d.date });
      feedback.message.success(t('publicity.cal.removed', { date: day(d.date) }));
    } catch (err) {
      failed(err);
    }
  };

  const columns: TableColumnsType<CalendarDayView> = [
    { title: labels.date, dataIndex: 'date', key: 'date', render: (date: string) => day(date, 'full') },
    { title: labels.kind, dataIndex: 'kind', key: 'kind', render: (kind: string) => <Tag color={kind === 'holiday' ? 'red' : 'blue'}>{t(`publicity.cal.kind.${kind}`)}</Tag> },
    { title: labels.name, dataIndex: 'name', key: 'name' },
    {
      title: t('publicity.cal.actions'),
      key: 'actions',
      render: (_v, d) => (
        <Button size="small" danger onClick={() => void removeDay(d)} aria-label={t('publicity.cal.removeNamed', { date: day(d.date) })}>
          {t('publicity.cal.remove')}
        </Button>
      ),
    },
  ];

  return (
    <section className="publicity-office__section" aria-labelledby="publicity-calendar-title">
      <h2 id="publicity-calendar-title">{t('publicity.cal.title')}</h2>
      <p>{t('publicity.cal.lead')}</p>
      <Form form={form} name="publicity-calendar" layout="vertical" className="publicity-calendar__add" initialValues={{ date: '', kind: 'holiday', name: '' }} onFinish={() => void add()}>
        <Form.Item name="date" label={labels.date}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="kind" label={labels.kind}>
          <Radio.Group options={CALENDAR_DAY_KINDS.map((k) => ({ value: k, label: t(`publicity.cal.kind.${k}`) }))} />
        </Form.Item>
        <Form.Item name="name" label={labels.name}>
          <Input maxLength={40} placeholder={t('publicity.cal.namePlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('publicity.cal.add')}
        </Button>
      </Form>
      {error && <Alert type="error" showIcon closable onClose={() => setError(null)} title={error} />}
      <div className="publicity-office__actions">
        <label htmlFor="publicity-calendar-year">{t('publicity.cal.year')}</label>
        <Select
          id="publicity-calendar-year"
          value={year}
          onChange={setYear}
          style={{ width: 120 }}
          options={[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((y) => ({ value: String(y), label: String(y) }))}
        />
        {calendar.data && <span>{t('publicity.cal.workingDays', { year, count: calendar.data.workingDays })}</span>}
      </div>
      <KeyboardScroll label={t('publicity.cal.title')}>
        <Table size="small" rowKey="date" loading={calendar.isPending} pagination={false} columns={columns} dataSource={calendar.data?.days ?? []} scroll={{ x: 'max-content' }} locale={{ emptyText: t('publicity.cal.empty', { year }) }} />
      </KeyboardScroll>
    </section>
  );
}
