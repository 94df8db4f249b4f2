// Generated from zh-CN by `npm run locales:zh-TW` (OpenCC, Taiwan phrases); do not edit.
import admission from './admission';
import applications from './applications';
import dashboardStaff from './dashboard-staff';
import form from './form';
import journey from './journey';
import materials from './materials';
import payment from './payment';
import results from './results';
import review from './review';
import expertReview from './expert-review';
import reviewLink from './review-link';
import interview from './interview';
import batch from './batch';
import time from './time';
import accounts from './accounts';
import logs from './logs';
import roles from './roles';
import releases from './releases';
import jobs from './jobs';
import exams from './exams';
import cycle from './cycle';
import config from './config';
import publicityOffice from './publicity-office';
import scores from './scores';
import rechecks from './rechecks';
import offlinePayments from './offline-payments';
import camps from './camps';
import campAdmission from './camp-admission';
import summerCamp from './summer-camp';
import campQualification from './camp-qualification';
import tuimian from './tuimian';
import tmsInterview from './tms-interview';
import tmsInterviews from './tms-interviews';

/** The signed-in pages (the doctoral journey's and the back office's): loaded with the signed-in frame, never by the sign-in screens. */
export default { ...journey, ...applications, ...dashboardStaff, ...review, ...expertReview, ...reviewLink, ...interview, ...batch, ...form, ...materials, ...payment, ...results, ...admission, ...accounts, ...logs, ...roles, ...releases, ...jobs, ...exams, ...cycle, ...config, ...publicityOffice, ...scores, ...rechecks, ...offlinePayments, ...camps, ...campAdmission, ...summerCamp, ...campQualification, ...tuimian, ...tmsInterview, ...tmsInterviews, ...time } as Record<string, string>;
