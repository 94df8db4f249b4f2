import { useMemo, type ReactNode } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FORM_SECTIONS, type DraftSectionsInput, type FormDetailView, type FormSection } from '@gradus/contract/doctor/form';
import { FormEditorFrame } from '@/lib/form/FormEditorFrame';
import { SectionCard } from '@/lib/form/SectionCard';
import { useFormEditor } from '@/lib/form/useFormEditor';
import { useCatalogue } from '../api/catalogue';
import { formDetailKey } from '../api/formDetail';
import { saveDraft } from '../api/saveDraft';
import { submitForm } from '../api/submitForm';
import { doctorLocalCopies } from '../local-copy';
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
  const catalogue = useCatalogue();
  const initial = useMemo(() => initialValues(detail), [detail]);
  const editor = useFormEditor<DraftSectionsInput, FormSection>({
    form,
    registerNo: detail.personal.registerNo,
    detail,
    sections: FORM_SECTIONS,
    initial,
    store: doctorLocalCopies,
    saveDraft,
    submitForm,
    detailKey: formDetailKey,
    locks: [t('form.submit.locks.sections'), t('form.submit.locks.materials'), t('form.submit.locks.choice')],
  });

  const onValuesChange = (changed: DraftSectionsInput) => {
    const intended = changed.intended as Record<string, unknown> | undefined;
    for (const key of Object.keys(intended ?? {})) for (const lower of LOWER[key] ?? []) form.setFieldValue(['intended', lower as keyof NonNullable<DraftSectionsInput['intended']>], undefined);
    editor.autosave.edited();
  };

  const section = (key: FormSection, body: ReactNode) => (
    <SectionCard id={key} title={t(`form.section.${key}`)} returned={editor.returned} locked={!editor.editable.includes(key)}>
      {body}
    </SectionCard>
  );

  return (
    <FormEditorFrame
      editor={editor}
      detail={detail}
      form={form}
      name="applicationForm"
      initial={initial}
      onValuesChange={onValuesChange}
      sectionName={(s) => t(`form.section.${s}`)}
      materialsPath="/doctorRegister/fileManage"
      onReload={onReload}
    >
      {section('contact', <ContactFields registerType={detail.personal.registerType} />)}
      {section('education', <EducationFields />)}
      {section('work', <WorkFields />)}
      {section('research', <ResearchFields />)}
      {section('languages', <LanguageFields />)}
      {section('intended', <IntendedFields catalogue={catalogue.data} failed={catalogue.isError} />)}
      {section('plan', <PlanField />)}
    </FormEditorFrame>
  );
}
