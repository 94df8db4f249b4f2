import { useMemo, type ReactNode } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMP_FORM_LIMITS, CAMP_FORM_SECTIONS, campCompleteSectionSchemas, type CampDraftSectionsInput, type CampFormDetailView, type CampFormSection } from '@gradus/contract/summer-camp/form';
import { AwardFields, ContactFields, EnglishFields, ResearchFields, StatementField, UndergraduateFields } from '@/lib/form/sections';
import { FormEditorFrame } from '@/lib/form/FormEditorFrame';
import { SectionCard } from '@/lib/form/SectionCard';
import { useFormEditor } from '@/lib/form/useFormEditor';
import { useCampCatalogue } from '../api/catalogue';
import { campFormDetailKey } from '../api/formDetail';
import { saveCampDraft } from '../api/saveDraft';
import { submitCampForm } from '../api/submitForm';
import { campLocalCopies } from '../local-copy';
import { ChoiceFields } from './sections/ChoiceFields';

export const CAMP_MATERIALS_PATH = '/summerCampRegister/summerCampUploadFile';

/** What the form starts from: the saved sections, one empty choice, contact from registration. */
function initialValues(detail: CampFormDetailView): CampDraftSectionsInput {
  const s = detail.sections as CampDraftSectionsInput;
  return {
    ...s,
    contact: s.contact ?? { mobile: detail.personal.mobile ?? undefined, email: detail.personal.email ?? undefined },
    choices: s.choices && s.choices.length > 0 ? s.choices : [{}],
  };
}

/** A new programme drops the direction and supervisor chosen for the old one; a new direction, the supervisor. */
function clearLowerChoices(form: ReturnType<typeof Form.useForm<CampDraftSectionsInput>>[0], changed: CampDraftSectionsInput) {
  (changed.choices ?? []).forEach((choice, row) => {
    if (!choice) return;
    if ('programmeId' in choice) form.setFieldValue(['choices', row, 'directionId'], undefined);
    if ('programmeId' in choice || 'directionId' in choice) form.setFieldValue(['choices', row, 'supervisorId'], undefined);
  });
}

/** The camper's editable form (draft or returned), with autosave and submission as the doctoral form has. */
export function CampFormEditor({ detail, onReload }: { detail: CampFormDetailView; onReload: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CampDraftSectionsInput>();
  const catalogue = useCampCatalogue();
  const initial = useMemo(() => initialValues(detail), [detail]);
  const editor = useFormEditor<CampDraftSectionsInput, CampFormSection>({
    form,
    registerNo: detail.personal.registerNo,
    detail,
    sections: CAMP_FORM_SECTIONS,
    initial,
    store: campLocalCopies,
    saveDraft: saveCampDraft,
    submitForm: submitCampForm,
    detailKey: campFormDetailKey,
    locks: [t('camp.submit.locks.sections'), t('form.submit.locks.materials'), t('camp.submit.locks.choice')],
  });

  const onValuesChange = (changed: CampDraftSectionsInput) => {
    clearLowerChoices(form, changed);
    editor.autosave.edited();
  };

  const section = (key: CampFormSection, body: ReactNode) => (
    <SectionCard id={key} title={t(`camp.section.${key}`)} returned={editor.returned} locked={!editor.editable.includes(key)}>
      {body}
    </SectionCard>
  );

  return (
    <FormEditorFrame
      editor={editor}
      detail={detail}
      form={form}
      name="campApplicationForm"
      initial={initial}
      onValuesChange={onValuesChange}
      sectionName={(s) => t(`camp.section.${s}`)}
      materialsPath={CAMP_MATERIALS_PATH}
      onReload={onReload}
    >
      {section('contact', <ContactFields shape={campCompleteSectionSchemas.contact.shape} hmt={false} />)}
      {section('undergraduate', <UndergraduateFields />)}
      {section('english', <EnglishFields {...CAMP_FORM_LIMITS.rows.english} />)}
      {section('research', <ResearchFields {...CAMP_FORM_LIMITS.rows.research} />)}
      {section('awards', <AwardFields {...CAMP_FORM_LIMITS.rows.awards} />)}
      {section('choices', <ChoiceFields catalogue={catalogue.data} failed={catalogue.isError} />)}
      {section('statement', <StatementField />)}
    </FormEditorFrame>
  );
}
