import {
  monthAt,
  TMS_AREA,
  TMS_FORM_LIMITS,
  TMS_FORM_SECTIONS,
  TMS_REQUIRED_SECTIONS,
  tmsCompleteSectionSchemas,
  tmsDraftSectionSchemas,
  tmsFutureMonthIssues,
  tmsSaveDraftRequest,
  type TmsDraftSections,
  type TmsFormSection,
} from '@gradus/contract';
import { FORM_MESSAGES, type FormDefinition, type FormSections } from '../../application-form/definition';
import { stageSubmissionWindow } from '../../application-form/window';
import { tmsMissingMaterials } from '../materials/required';
import { tmsCatalogueIssues } from './catalogue';

const sectionsOf = (sections: FormSections<TmsFormSection>) => sections as TmsDraftSections;
const textBounds = { min: TMS_FORM_LIMITS.statementMin, max: TMS_FORM_LIMITS.statementMax };

/** The recommended-exempt application form (issue #11) as the form engine runs it. */
export const tmsForm: FormDefinition<TmsFormSection> = {
  area: TMS_AREA,
  sections: TMS_FORM_SECTIONS,
  required: TMS_REQUIRED_SECTIONS,
  draftSchemas: tmsDraftSectionSchemas,
  saveDraftRequest: tmsSaveDraftRequest,
  completeSchemas: () => tmsCompleteSectionSchemas,
  clockIssues: (sections, now) => tmsFutureMonthIssues(sections, monthAt(now)),
  catalogueIssues: (db, sections, applicant) => tmsCatalogueIssues(db, applicant.userId, sectionsOf(sections).choice, sectionsOf(sections).recommendation),
  // The one choice stands for the form in staff scope and lists: its programme's school, the programme, the supervisor.
  choiceColumns: async (db, sections) => {
    const choice = sectionsOf(sections).choice;
    const programme = choice?.programmeId === undefined ? undefined : await db.selectFrom('programme').select('department_id').where('id', '=', choice.programmeId).executeTakeFirst();
    return { department_id: programme?.department_id ?? null, programme_id: programme ? choice!.programmeId! : null, supervisor_id: choice?.supervisorId ?? null };
  },
  // Inside both the tms cycle's registration window and its form-submission window (whichever is narrower).
  submissionWindow: (db, now, applicant) => stageSubmissionWindow(db, now, TMS_AREA, applicant.recruitYear),
  missingMaterials: tmsMissingMaterials,
  materialLabel: (category) => `form.material.${category}`,
  labels: {
    section: (section) => `tmsForm.section.${section}`,
    field: (field) => [`tmsForm.field.${field}`, `campForm.field.${field}`, `form.field.${field}`],
    bounds: (section) => {
      const rows = section && section in TMS_FORM_LIMITS.rows ? TMS_FORM_LIMITS.rows[section as keyof typeof TMS_FORM_LIMITS.rows] : null;
      return rows ? { min: rows.min, max: rows.max } : textBounds;
    },
  },
  messages: { ...FORM_MESSAGES, notOpen: 'tmsForm.error.notOpen', closed: 'tmsForm.error.closed', noForm: 'tmsForm.error.noForm' },
};
