import { ReplyCode } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { createPdf, labelledRows, pdfBuffer } from '../../../lib/pdf';
import { configValue } from '../../system-config/service';
import type { CampApplicant } from '../applicant';
import { campQualification } from './service';

/** A camp day as printed: '2027年7月10日' and '10 July 2027'. */
function printedDay(day: string): { zh: string; en: string } {
  const ms = Date.parse(`${day}T12:00:00+08:00`);
  const zone = 'Asia/Shanghai';
  return {
    zh: new Intl.DateTimeFormat('zh-CN', { timeZone: zone, dateStyle: 'long' }).format(ms),
    en: new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'long' }).format(ms),
  };
}

/**
 * The camp-entry notice (入营通知) of a confirmed place. Its wording is fixed Chinese with English
 * beside it, as the university's other letters: the camper may show it to their own school when
 * asking for leave. It says plainly that a camp place is not an admission.
 */
export async function campEntryNotice(ctx: AppContext, applicant: CampApplicant): Promise<{ pdf: Buffer; fileName: string }> {
  const view = await campQualification(ctx, applicant);
  const { camp, programme, place } = view;
  if (!place || place.status !== 'confirmed' || !camp || !programme) throw new AppError(ReplyCode.CONFLICT, 'campPlace.noticeNotConfirmed');
  // The portal's own name stands for the university: each area keeps its letterhead keys apart.
  const school = (await configValue(ctx.db, 'system', 'systemName')) || 'Gradus';
  const starts = printedDay(camp.startsOn);
  const ends = printedDay(camp.endsOn);
  const where = camp.mode === 'online' ? { zh: '线上', en: 'Online' } : { zh: camp.placeZh ?? '', en: camp.placeEn ?? camp.placeZh ?? '' };

  const doc = createPdf({ title: `入营通知 ${applicant.name} ${applicant.applicantNumber}` });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('bold').fontSize(20).text('夏令营入营通知', { align: 'center' });
  doc.font('body').fontSize(11).text('Summer Camp Entry Notice', { align: 'center' });
  doc.moveDown(1.5);
  doc.font('bold').fontSize(12).text(`${applicant.name} 同学：`, left, doc.y, { width });
  doc.moveDown(0.5);
  doc
    .font('body')
    .fontSize(12)
    .text(`您已确认参加${school}${camp.nameZh}（${programme.nameZh}），请于${starts.zh}按时入营。本通知不是录取通知：营员资格仅在国家推免服务系统中、于规定时间内、报考同一专业时方可使用。`, left, doc.y, {
      width,
      indent: 24,
      lineGap: 4,
    });
  doc.moveDown(0.8);
  doc
    .fontSize(10)
    .fillColor('#333333')
    .text(
      `Dear ${applicant.name}, you have confirmed your place at the ${camp.nameEn} of ${school} (${programme.nameEn}). Please join the camp on ${starts.en}. ` +
        'This notice is not an offer of admission: a camp result counts only through the national recommended-exemption system, in its dates, for the same programme.',
      left,
      doc.y,
      { width, lineGap: 2 },
    )
    .fillColor('black');
  doc.moveDown(1.2);
  labelledRows(
    doc,
    [
      ['营员姓名 Camper', applicant.name],
      ['考生编号 Candidate no.', applicant.applicantNumber],
      ['夏令营 Camp', `${camp.nameZh} ${camp.nameEn}`],
      ['专业 Programme', `${programme.code} ${programme.nameZh} ${programme.nameEn}`],
      ['日期 Dates', `${starts.zh} – ${ends.zh}（${starts.en} – ${ends.en}）`],
      ['地点 Place', `${where.zh} ${where.en === where.zh ? '' : where.en}`.trim()],
      ['确认时间 Confirmed', place.answeredAt ? `${new Date(place.answeredAt).toISOString().slice(0, 10)}` : ''],
    ],
    { labelWidth: 150 },
  );
  doc.moveDown(2);
  doc.font('body').fontSize(12).text(`${school}研究生院招生办公室`, left, doc.y, { width, align: 'right' });
  doc.fontSize(10).text(`Graduate School Admissions Office, ${school}`, { width, align: 'right' });
  return { pdf: await pdfBuffer(doc), fileName: `${applicant.name}-入营通知.pdf` };
}
