import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Form, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { admissionSchema, type AdmissionData, type AdmissionDetailView, type AdmissionKind } from '@gradus/contract/doctor/admission';
import { feedback } from '@/lib/feedback';
import { issuesToFields, schemaRule } from '@/lib/form-rules';
import { useSaveAdmission } from '../api/saveAdmission';
import type { FieldSpec } from '../fields';
import { useDate } from './useDate';

interface Props<K extends AdmissionKind> {
  kind: K;
  detail: AdmissionDetailView<K>;
  fields: FieldSpec<K>[];
  /** Shown inside the form after the fields (the read-only tracking number). */
  extra?: ReactNode;
}

/** Why the form is read-only, or until when it can be changed. */
function LockNotice({ detail }: { detail: AdmissionDetailView }) {
  const { t } = useTranslation();
  const date = useDate();
  // Deadlines with their hour: the window closes at a time of day, in Beijing.
  const opens = date(detail.window.opensAt);
  const closes = date(detail.window.closesAt);
  if (detail.lock === 'notOpen') return <Alert type="info" showIcon title={t('admission.lock.notOpen', { date: opens })} />;
  if (detail.lock === 'closed') return <Alert type="warning" showIcon title={t('admission.lock.closed', { date: closes })} />;
  if (detail.lock === 'posted') return <Alert type="info" showIcon title={t(`admission.lock.posted.${detail.kind}`)} />;
  return closes ? <Alert type="info" showIcon title={t('admission.lock.until', { date: closes })} /> : null;
}

/**
 * One kind of paperwork as an antd form. Each field is checked with the contract schema the server
 * uses, so a message appears beside the field before anything is sent; the server checks again.
 */
export function AdmissionForm<K extends AdmissionKind>({ kind, detail, fields, extra }: Props<K>) {
  const { t } = useTranslation();
  const date = useDate();
  const [form] = Form.useForm();
  const save = useSaveAdmission(kind);
  // The server says which rules apply to this applicant (a Hong Kong mobile for a type-4 applicant).
  const schema = admissionSchema(kind, { internationalMobile: detail.internationalMobile }) as unknown as { shape: Record<string, ZodType> } & ZodType;
  const label = (name: string) => t(`admission.field.${name}`);
  const labels = Object.fromEntries(fields.map((f) => [f.name, label(f.name)]));
  const readOnly = !detail.editable;
  // A field the schema lets be empty (a Hong Kong address's postcode) is not marked required.
  const optional = (name: string) => schema.shape[name]?.safeParse(undefined).success === true;

  const onFinish = (values: Record<string, unknown>) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      form.setFields(issuesToFields(parsed.error.issues, labels));
      return;
    }
    save.mutate(parsed.data as AdmissionData[K], { onSuccess: () => feedback.message.success(t('admission.saved')) });
  };

  const item = (f: FieldSpec<K>) => {
    const rules =
      f.input === 'yesNo'
        ? [{ required: true, message: t('admission.chooseYesNo') }]
        : [schemaRule(schema.shape[f.name]!, () => labels[f.name]!)];
    const control =
      f.input === 'yesNo' ? (
        <Radio.Group
          options={[
            { value: true, label: t('admission.yes') },
            { value: false, label: t('admission.no') },
          ]}
        />
      ) : f.input === 'textarea' ? (
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} autoComplete={f.autoComplete} readOnly={readOnly} />
      ) : (
        <Input autoComplete={f.autoComplete} inputMode={f.inputMode} readOnly={readOnly} />
      );
    return (
      <Col key={f.name} xs={24} sm={f.half ? 12 : 24}>
        <Form.Item name={f.name as string} label={labels[f.name]} required={!readOnly && !optional(f.name)} rules={readOnly ? [] : rules} extra={f.hint ? t(`admission.hint.${f.name}`) : undefined}>
          {control}
        </Form.Item>
      </Col>
    );
  };

  return (
    <Card className="page__card admission__card">
      <div className="admission__notices">
        <LockNotice detail={detail} />
        {!detail.saved && detail.editable && <Alert type="warning" showIcon title={t('admission.notSaved')} />}
      </div>
      <Form
        form={form}
        name={`admission-${kind}`}
        layout="vertical"
        initialValues={detail.data}
        disabled={readOnly || save.isPending}
        onFinish={onFinish}
        scrollToFirstError
      >
        <Row gutter={16}>{fields.map(item)}</Row>
        {extra}
        {!readOnly && (
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('admission.save')}
            </Button>
          </Form.Item>
        )}
        {detail.updatedAt && <p className="admission__saved-at">{t('admission.savedAt', { date: date(detail.updatedAt) })}</p>}
      </Form>
    </Card>
  );
}
