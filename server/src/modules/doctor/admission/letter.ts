import { ADMISSION_LETTER_KEYS, ReplyCode } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { createPdf, labelledRows, pdfBuffer } from '../../../lib/pdf';
import { configValue } from '../../system-config/service';
import type { DoctorApplicant } from '../applicant';
import { cycleOf, stageWindows } from '../journey/releases';
import { formFacts } from './form-facts';
import { findRecord, parseData, requireAdmitted, requireApplies } from './service';

/**
 * Configuration of the doctor area the letter reads; the back office edits them (the configuration
 * editor's registry, contract doctor/config-keys.ts), defaults keep it printable.
 */
export const LETTER_CONFIG = ADMISSION_LETTER_KEYS;
const DEFAULT_OFFICE = { zh: '研究生院招生办公室', en: 'Graduate School Admissions Office' };

/** Dates as printed on a Chinese official letter: Beijing time, whatever the server's zone. */
function printedDate(ms: number): { zh: string; en: string } {
  const zone = 'Asia/Shanghai';
  return {
    zh: new Intl.DateTimeFormat('zh-CN', { timeZone: zone, dateStyle: 'long' }).format(ms),
    en: new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'long' }).format(ms),
  };
}

/**
 * The file-transfer letter (调档函), addressed to the unit that holds the applicant's personnel file.
 * Its wording is fixed Chinese with English beside it, whatever the reader's language: the letter is
 * read by that unit's personnel office, not only by the applicant.
 */
export async function fileTransferLetter(ctx: AppContext, applicant: DoctorApplicant): Promise<{ pdf: Buffer; fileName: string }> {
  const { db } = ctx;
  await requireAdmitted(db, applicant);
  requireApplies(applicant, 'archive');
  const record = await findRecord(db, applicant, 'archive');
  if (!record) throw new AppError(ReplyCode.NOT_FOUND, 'error.admission.archiveMissing');
  const archive = parseData<'archive'>(record.data_json);
  const [form, windows, university, systemName, office, officeEn, address, deadlineSetting] = await Promise.all([
    formFacts(db, applicant),
    stageWindows(db, cycleOf(applicant), applicant.recruitYear),
    configValue(db, 'doctor', LETTER_CONFIG.university),
    configValue(db, 'system', 'systemName'),
    configValue(db, 'doctor', LETTER_CONFIG.office),
    configValue(db, 'doctor', LETTER_CONFIG.officeEn),
    configValue(db, 'doctor', LETTER_CONFIG.address),
    configValue(db, 'doctor', LETTER_CONFIG.deadline),
  ]);
  // The deadline staff set for files, else the end of the paperwork stage; without either, "promptly".
  const deadlineMs = Date.parse(deadlineSetting ?? windows.admissionPaperwork.closesAt ?? '');
  const deadline = Number.isNaN(deadlineMs) ? null : printedDate(deadlineMs);
  const issued = printedDate(ctx.clock.now());
  const school = university || systemName || 'Gradus';
  const receiver = { zh: office || DEFAULT_OFFICE.zh, en: officeEn || DEFAULT_OFFICE.en };
  const programme = form.programme;

  const doc = createPdf({ title: `调档函 ${applicant.name} ${applicant.applicantNumber}` });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('bold').fontSize(20).text('调 档 函', { align: 'center' });
  doc.font('body').fontSize(11).text('Letter Requesting the Transfer of a Personnel File', { align: 'center' });
  doc.moveDown(1.5);

  doc.font('bold').fontSize(12).text(`${archive.archiveUnitName ?? ''}：`, left, doc.y, { width });
  doc.moveDown(0.5);
  const programmeZh = programme ? `（录取专业：${programme.nameZh}）` : '';
  const by = deadline ? `于${deadline.zh}前` : '尽快';
  doc
    .font('body')
    .fontSize(12)
    .text(
      `兹有贵单位存档人员 ${applicant.name}（报名号：${applicant.applicantNumber}）已被我校拟录取为${applicant.recruitYear}级博士研究生${programmeZh}。` +
        `请贵单位审核其人事档案后，${by}以机要方式寄至${school}${receiver.zh}${address ? `（${address}）` : ''}。特此函达，谢谢支持。`,
      left,
      doc.y,
      { width, indent: 24, lineGap: 4 },
    );
  doc.moveDown(0.8);
  const programmeEn = programme ? ` in ${programme.nameEn}` : '';
  const byEn = deadline ? `by ${deadline.en}` : 'at your earliest convenience';
  doc
    .fontSize(10)
    .fillColor('#333333')
    .text(
      `To ${archive.archiveUnitName ?? ''}: ${applicant.name} (registration no. ${applicant.applicantNumber}), whose personnel file is held by your unit, ` +
        `has been proposed for admission to ${school} as a doctoral student of the ${applicant.recruitYear} cohort${programmeEn}. ` +
        `Please send the personnel file by confidential post to the ${receiver.en}, ${school}${address ? `, ${address}` : ''} ${byEn}. Thank you.`,
      left,
      doc.y,
      { width, lineGap: 2 },
    )
    .fillColor('black');
  doc.moveDown(1.2);

  labelledRows(
    doc,
    [
      ['考生姓名 Applicant', applicant.name],
      ['报名号 Registration no.', applicant.applicantNumber],
      ['录取专业 Programme', programme ? `${programme.nameZh} ${programme.nameEn}` : ''],
      ['存档单位 File held by', archive.archiveUnitName ?? ''],
      ['单位地址 Address', `${archive.archiveUnitAddress ?? ''} ${archive.archivePostcode ?? ''}`.trim()],
      ['联系人 Contact', `${archive.archiveContactPerson ?? ''} ${archive.archiveContactPhone ?? ''}`.trim()],
      ['人才交流中心存档 Talent-exchange centre', archive.heldByTalentCentre ? '是 Yes' : '否 No'],
      ['档案寄送截止 Send by', deadline ? `${deadline.zh} ${deadline.en}` : '尽快 Promptly'],
    ],
    { labelWidth: 190 },
  );
  doc.moveDown(2);
  doc.font('body').fontSize(12).text(`${school}${receiver.zh}（盖章）`, left, doc.y, { width, align: 'right' });
  doc.fontSize(10).text(`${receiver.en}, ${school} (seal)`, { width, align: 'right' });
  doc.fontSize(12);
  doc.text(`${issued.zh}（${issued.en}）`, { width, align: 'right' });

  return { pdf: await pdfBuffer(doc), fileName: `${applicant.name}-调档函.pdf` };
}
