import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, ConfigProvider, Form, Modal, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReplyCode } from '@gradus/contract/codes';
import { FORM_SECTIONS, type DraftSectionsInput, type FormDetailView, type FormSection } from '@gradus/contract/doctor/form';
import { feedback } from '@/lib/feedback';
import { promptRelogin, ReplyError } from '@/lib/request';
import { useCatalogue } from '../api/catalogue';
import { formDetailKey } from '../api/formDetail';
import { submitForm } from '../api/submitForm';
import { canonical, clearLocalCopy, readLocalCopy, type LocalCopy } from '../local-copy';
import { useAutosave } from '../useAutosave';
import { FormNotices } from './FormNotices';
import { PersonalCard } from '@/lib/ui/PersonalCard';
import { SaveIndicator } from './SaveIndicator';
import { ContactFields, EducationFields, IntendedFields, LanguageFields, PlanField, ResearchFields, WorkFields } from './sections';

/** What the form starts from: the saved sections, one empty education row, contact from registration. */
function initialValues(detail: FormDetailView): DraftSectionsInput {
  const s = detail.sections as DraftSectionsInput;
  return {
    ...s,
    contact: s.contact ?? { mobile: detail.personal.mobile ?? undefined, email: detail.personal.email ?? undefined },
    education: s.education && s.education.length > 0 ? s.education : [{}],
  };
}

const LOWER: Record<string, string[]> = { departmentId: ['programmeId', 'directionId', 'supervisorId'], programmeId: ['directionId', 'supervisorId'], directionId: ['supervisorId'] };

/** The editable form of a draft or returned application, with autosave and submission. */
export function FormEditor({ detail, onReload }: { detail: FormDetailView; onReload: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DraftSectionsInput>();
  const [modal, modalHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const catalogue = useCatalogue();
  const registerNo = detail.personal.registerNo;
  const returned = detail.status === 'returned';
  const editable: readonly FormSection[] = useMemo(() => (returned ? detail.reopenedSections : FORM_SECTIONS), [returned, detail.reopenedSections]);
  const initial = useMemo(() => initialValues(detail), [detail]);
  const autosave = useAutosave({ registerNo, version: detail.version, savedAt: detail.savedAt, editable, read: () => form.getFieldsValue(true) as DraftSectionsInput });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // An unsent copy from an earlier visit that differs from what the server holds is offered back.
  const [restorable, setRestorable] = useState<LocalCopy | null>(() => {
    const copy = readLocalCopy(registerNo);
    return copy && canonical(copy.sections, editable) !== canonical(initial, editable) ? copy : null;
  });
  useEffect(() => {
    if (!restorable) clearLocalCopy(registerNo);
    // Only on arrival: later the copy belongs to the edits of this visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const restore = () => {
    if (!restorable) return;
    form.setFieldsValue(restorable.sections);
    setRestorable(null);
    autosave.edited();
  };
  const discard = () => {
    clearLocalCopy(registerNo);
    setRestorable(null);
  };

  const onValuesChange = (changed: DraftSectionsInput) => {
    const intended = changed.intended as Record<string, unknown> | undefined;
    for (const key of Object.keys(intended ?? {})) for (const lower of LOWER[key] ?? []) form.setFieldValue(['intended', lower as keyof NonNullable<DraftSectionsInput['intended']>], undefined);
    autosave.edited();
  };

  const saveDraftNow = async () => {
    if (await autosave.saveNow()) feedback.message.success(t('form.save.done'));
  };

  const doSubmit = async () => {
    setSubmitting(true);
    try {
      if (!(await autosave.saveNow())) {
        setSubmitError(t('form.submit.saveFirst'));
        return;
      }
      await submitForm({ version: autosave.version() });
      clearLocalCopy(registerNo);
      feedback.message.success(t('form.submit.done'));
      await queryClient.invalidateQueries({ queryKey: formDetailKey });
    } catch (err) {
      setSubmitError(err instanceof ReplyError ? err.message : t('form.submit.failed'));
      if (err instanceof ReplyError && err.code === ReplyCode.SESSION_EXPIRED) promptRelogin();
      // "Already submitted" or no reply at all: the submit may have gone through (its reply lost).
      // Ask the server, so the page shows the submitted form rather than an error and a live editor.
      else if (!(err instanceof ReplyError) || err.code === ReplyCode.CONFLICT) await queryClient.invalidateQueries({ queryKey: formDetailKey });
    } finally {
      setSubmitting(false);
    }
  };

  const askSubmit = async () => {
    setSubmitError(null);
    try {
      await form.validateFields();
    } catch (err) {
      const first = (err as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      setSubmitError(t('form.submit.fixFields'));
      return;
    }
    void modal.confirm({
      title: t('form.submit.confirmTitle'),
      content: (
        <div>
          <p>{t('form.submit.confirmLead')}</p>
          <ul className="application-form__lock-list">
            <li>{t('form.submit.locks.sections')}</li>
            <li>{t('form.submit.locks.materials')}</li>
            <li>{t('form.submit.locks.choice')}</li>
          </ul>
          <p>{t('form.submit.confirmAfter')}</p>
        </div>
      ),
      okText: t('form.submit.confirmOk'),
      cancelText: t('common.cancel'),
      onOk: doSubmit,
    });
  };

  const section = (key: FormSection, body: ReactNode) => {
    const locked = !editable.includes(key);
    return (
      <Card
        id={`form-section-${key}`}
        title={t(`form.section.${key}`)}
        className="application-form__card"
        extra={returned ? <Tag color={locked ? 'default' : 'orange'}>{locked ? t('form.returned.lockedTag') : t('form.returned.reopenedTag')}</Tag> : null}
      >
        <ConfigProvider componentDisabled={locked}>{body}</ConfigProvider>
      </Card>
    );
  };

  const blocked = autosave.state === 'conflict';
  return (
    <>
      {modalHolder}
      <FormNotices detail={detail} restorable={restorable} onRestore={restore} onDiscard={discard} />
      <PersonalCard personal={detail.personal} />
      <Form<DraftSectionsInput> form={form} layout="vertical" name="applicationForm" initialValues={initial} onValuesChange={onValuesChange} disabled={blocked} scrollToFirstError>
        {section('contact', <ContactFields registerType={detail.personal.registerType} />)}
        {section('education', <EducationFields />)}
        {section('work', <WorkFields />)}
        {section('research', <ResearchFields />)}
        {section('languages', <LanguageFields />)}
        {section('intended', <IntendedFields catalogue={catalogue.data} failed={catalogue.isError} />)}
        {section('plan', <PlanField />)}
      </Form>
      {(autosave.state === 'conflict' || autosave.state === 'refused') && (
        <Alert
          type={autosave.state === 'conflict' ? 'warning' : 'error'}
          showIcon
          role="alert"
          title={autosave.message}
          className="application-form__notice"
          action={
            autosave.state === 'conflict' ? (
              <Button size="small" onClick={onReload}>
                {t('form.reload')}
              </Button>
            ) : null
          }
        />
      )}
      {submitError && <Alert type="error" showIcon role="alert" title={t('form.submit.notSubmitted')} description={submitError} className="application-form__notice" />}
      <div className="application-form__actions">
        <SaveIndicator state={autosave.state} savedAt={autosave.savedAt} />
        <div className="application-form__buttons">
          <Button onClick={() => void saveDraftNow()} disabled={blocked} loading={autosave.state === 'saving' && !submitting}>
            {t('form.save.button')}
          </Button>
          <Button type="primary" onClick={() => void askSubmit()} disabled={blocked || !detail.submission.open} loading={submitting}>
            {returned ? t('form.submit.resubmit') : t('form.submit.button')}
          </Button>
        </div>
      </div>
    </>
  );
}
