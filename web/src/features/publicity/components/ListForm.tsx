import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PUBLICITY_MIN_WORKING_DAYS,
  PUBLICITY_SCORE_KINDS,
  publicityPreviewRequest,
  type PublicityPreviewRequest,
  type PublicityPreviewView,
  type StaffPublicityListsView,
} from '@gradus/contract/api/publicity';
import { feedback } from '@/lib/feedback';
import { issuesToFields } from '@/lib/form-rules';
import { ReplyError } from '@/lib/request';
import { usePreview, usePublish } from '../api/lists';
import { useCalendarDay } from '../calendar-day';
import { PublicityRows } from './PublicityList';

interface Fields {
  area: string;
  recruitYear: string;
  scoreKinds: string[];
  startDate: string;
  workingDays: number | null;
  amends: number;
  note: string;
}

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

export interface ListFormHandle {
  /** Starts a supplementary list amending this original, and brings the form into view. */
  amend(listId: number): void;
}

/**
 * The list to publish: area, year, the scores shown, the period (at least ten working days from
 * its first day, the end counted on the office's calendar), and for a supplementary list the list
 * it amends and why. A preview shows the rows as they would be stored; publishing asks once more.
 */
export const ListForm = forwardRef<ListFormHandle, { data: StaffPublicityListsView }>(function ListForm({ data }, ref) {
  const { t } = useTranslation();
  const day = useCalendarDay();
  const [form] = Form.useForm<Fields>();
  const preview = usePreview();
  const publish = usePublish();
  const [shown, setShown] = useState<{ body: PublicityPreviewRequest; view: PublicityPreviewView } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const top = useRef<HTMLHeadingElement>(null);
  const amends = Form.useWatch('amends', form);
  const area = Form.useWatch('area', form);
  const recruitYear = Form.useWatch('recruitYear', form);
  const originals = data.lists.filter((l) => l.kind === 'original' && l.area === area && l.recruitYear === recruitYear);

  useImperativeHandle(ref, () => ({
    amend(listId: number) {
      const list = data.lists.find((l) => l.id === listId);
      if (list) form.setFieldsValue({ area: list.area, recruitYear: list.recruitYear, amends: list.id, scoreKinds: list.scoreKinds });
      setShown(null);
      top.current?.scrollIntoView({ block: 'start' });
      top.current?.focus();
    },
  }));

  const labels = {
    area: t('publicity.form.area'),
    recruitYear: t('publicity.form.year'),
    scoreKinds: t('publicity.form.scores'),
    startDate: t('publicity.form.start'),
    workingDays: t('publicity.form.days'),
    amends: t('publicity.form.amends'),
    note: t('publicity.form.note'),
  };

  /** The form as the call's body, checked by the contract's own schema (the server checks it again). */
  const body = async (): Promise<PublicityPreviewRequest | null> => {
    const f = form.getFieldsValue();
    const candidate = { area: f.area, recruitYear: f.recruitYear ?? '', scoreKinds: f.scoreKinds ?? [], startDate: f.startDate ?? '', workingDays: f.workingDays ?? undefined, amends: f.amends || null, note: f.note ?? '' };
    const result = publicityPreviewRequest.safeParse(candidate);
    form.setFields(Object.keys(labels).map((name) => ({ name: name as keyof Fields, errors: [] })));
    if (result.success) return candidate as PublicityPreviewRequest;
    form.setFields(issuesToFields(result.error.issues, labels).map((i) => ({ name: i.name as keyof Fields, errors: i.errors })));
    return null;
  };

  const showPreview = async () => {
    setError(null);
    const b = await body();
    if (!b) return setShown(null);
    try {
      setShown({ body: b, view: await preview.mutateAsync(b) });
    } catch (err) {
      setShown(null);
      setError(err instanceof ReplyError ? err.message : t('publicity.failed'));
    }
  };

  const confirmPublish = () => {
    if (!shown) return;
    const { body: b, view } = shown;
    feedback.modal.confirm({
      title: t(b.amends ? 'publicity.confirm.titleSupplementary' : 'publicity.confirm.title'),
      content: t('publicity.confirm.text', { count: view.rows.length, start: day(b.startDate), end: day(view.endDate) }),
      okText: t('publicity.publish'),
      cancelText: t('publicity.cancel'),
      onOk: async () => {
        setError(null);
        try {
          await publish.mutateAsync(b);
          feedback.message.success(t('publicity.published'));
          setShown(null);
          form.setFieldsValue({ note: '', amends: 0 });
        } catch (err) {
          setError(err instanceof ReplyError ? err.message : t('publicity.failed'));
        }
      },
    });
  };

  return (
    <section className="publicity-office__section" aria-labelledby="publicity-form-title">
      <h2 id="publicity-form-title" ref={top} tabIndex={-1}>
        {t('publicity.form.title')}
      </h2>
      <Form
        form={form}
        name="publicity-list"
        layout="vertical"
        className="publicity-office__form"
        initialValues={{ area: data.areas[0], recruitYear: data.recruitYear ?? '', scoreKinds: ['material', 'assessment', 'final'], startDate: data.today, workingDays: PUBLICITY_MIN_WORKING_DAYS, amends: 0, note: '' }}
        onValuesChange={() => setShown(null)}
      >
        {/* The area's name reads inside a title elsewhere ("2027 doctoral list"); alone, it starts with a capital. */}
        <Form.Item name="area" label={labels.area}>
          <Select options={data.areas.map((a) => ({ value: a, label: capitalised(t(`publicity.area.${a}`)) }))} />
        </Form.Item>
        <Form.Item name="recruitYear" label={labels.recruitYear}>
          <Input inputMode="numeric" maxLength={4} />
        </Form.Item>
        <Form.Item name="scoreKinds" label={labels.scoreKinds} extra={t('publicity.form.scoresHelp')}>
          <Checkbox.Group options={PUBLICITY_SCORE_KINDS.map((k) => ({ value: k, label: t(`publicity.score.${k}`) }))} />
        </Form.Item>
        <Form.Item name="startDate" label={labels.startDate} extra={t('publicity.form.startHelp')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="workingDays" label={labels.workingDays} extra={t('publicity.form.daysHelp', { min: PUBLICITY_MIN_WORKING_DAYS })}>
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Form.Item name="amends" label={labels.amends}>
          <Select
            options={[
              { value: 0, label: t('publicity.form.original') },
              ...originals.map((l) => ({ value: l.id, label: t('publicity.form.amendsList', { start: day(l.startDate), id: l.id }) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="note" label={labels.note} extra={t(amends ? 'publicity.form.noteRequired' : 'publicity.form.noteHelp')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      <div className="publicity-office__actions">
        <Button onClick={() => void showPreview()} loading={preview.isPending}>
          {t('publicity.preview')}
        </Button>
        <Button type="primary" onClick={confirmPublish} disabled={!shown || shown.view.rows.length === 0} loading={publish.isPending}>
          {t('publicity.publishEllipsis')}
        </Button>
      </div>
      {error && <Alert type="error" showIcon title={error} />}
      {shown && (
        <div aria-live="polite">
          <p className="publicity-office__end">
            {t('publicity.previewSummary', { count: shown.view.rows.length, start: day(shown.body.startDate), end: day(shown.view.endDate), days: shown.body.workingDays })}
          </p>
          <PublicityRows rows={shown.view.rows} scoreKinds={PUBLICITY_SCORE_KINDS.filter((k) => shown.body.scoreKinds.includes(k))} supplementary={Boolean(shown.body.amends)} label={t('publicity.previewRows')} />
        </div>
      )}
    </section>
  );
});
