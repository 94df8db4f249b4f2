import { SUMMER_CAMP_AREA, TMS_AREA } from '@gradus/contract/areas';
import type { ApplicationFileView } from '@gradus/contract/api/staff-file';
import type { CatalogueView, FormDetailView } from '@gradus/contract/doctor/form';
import type { CampCatalogueView, CampFormDetailView } from '@gradus/contract/summer-camp/form';
import type { TmsCatalogueView, TmsFormDetailView } from '@gradus/contract/tuimian/form';
import { CampSummary } from '@/lib/camp/CampSummary';
import { TmsSummary } from '@/lib/tuimian/TmsSummary';
import { FormSummary } from '@/lib/ui/FormSummary';
import { useStaffCatalogue } from '../../api/file';

/**
 * The file's form is its area's own: a camp form for the summer camp, the tuimian form for a
 * recommended-exempt applicant, the doctoral form otherwise. The server says which by the area.
 */
export const isCampFile = (file: ApplicationFileView): file is ApplicationFileView & { form: CampFormDetailView } => file.area === SUMMER_CAMP_AREA;
export const isTmsFile = (file: ApplicationFileView): file is ApplicationFileView & { form: TmsFormDetailView } => file.area === TMS_AREA;

/** The form as submitted, in its area's own sections, with the names its choices point at (the area's catalogue). */
export function FileForm({ file }: { file: ApplicationFileView }) {
  const catalogue = useStaffCatalogue(file.area, file.recruitYear);
  if (isCampFile(file)) return <CampSummary sections={file.form.sections} catalogue={catalogue.data as CampCatalogueView | undefined} reopened={file.form.reopenedSections} />;
  if (isTmsFile(file)) return <TmsSummary sections={file.form.sections} catalogue={catalogue.data as TmsCatalogueView | undefined} reopened={file.form.reopenedSections} linkedCampResult={file.form.linkedCampResult ?? null} />;
  const form = file.form as FormDetailView;
  return <FormSummary sections={form.sections} catalogue={catalogue.data as CatalogueView | undefined} reopened={form.reopenedSections} />;
}
