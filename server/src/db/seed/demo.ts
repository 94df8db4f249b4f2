import { randomBytes } from 'node:crypto';
import { ADMISSION_AREAS, BANK_ACCOUNT_KEYS, BANK_TRANSFER_CONFIG_AREA, IdType, PROGRAMME_DEGREES, RegisterType, RoleKey, type BankAccountView, type RegisterType as RegisterTypeT, type StaffPermission } from '@gradus/contract';
import type { DB } from '../database';
import { hashSecret, normalizeAnswer } from '../../lib/passwords';
import { setConfigValue } from '../../modules/system-config/service';
import { createApplicant, createStaff, setStaffScope } from '../../modules/user/repo';
import type { AppContext } from '../../context';
import { DEMO_NOTICES } from './demo-notices';

/** Every demo account shares this password; README lists the accounts. */
export const DEMO_PASSWORD = 'Gradus-demo-2027';
export const DEMO_YEAR = '2027';

/** The demo's account for fees paid by bank transfer (issue #11): made up, so nobody pays into it. */
export const DEMO_BANK_ACCOUNT: Readonly<BankAccountView> = {
  accountName: 'Gradus 示范大学 (Gradus Demo University)',
  accountNumber: '0000 1234 5678 9012 345',
  bankName: '示范银行北京海淀支行 (Demo Bank, Beijing Haidian Branch)',
  bankAddress: 'No. 1 Demo Street, Haidian District, Beijing 100080, China',
  swiftCode: 'DEMOCNBJXXX',
  instructions: '汇款附言请写订单号；手续费由汇款人承担，学校须足额收到人民币。 Quote the order number in the remarks; charges are the sender’s, and the full amount must arrive in CNY.',
};

/** Completes a mainland ID number's check character (spec 5), so demo numbers are valid ones. */
export function withCheckDigit(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  return first17 + '10X98765432'[sum % 11];
}

export const DEMO_APPLICANTS: ReadonlyArray<{
  /** The number the seed expects the portal to issue (year + type + sequence); checked when seeding. */
  number: string;
  registerType: RegisterTypeT;
  name: string;
  idType: string;
  idNumber: string;
  sex: '0' | '1';
  email: string;
  mobile: string;
}> = [
  { number: '2027100001', registerType: RegisterType.DOCTOR_ASSESSMENT, name: '张伟', idType: IdType.MAINLAND_ID, idNumber: withCheckDigit('11010519950307231'), sex: '0', email: 'zhang.wei@example.edu', mobile: '13800138001' },
  { number: '2027200001', registerType: RegisterType.DOCTOR_SUCCESSIVE, name: '刘洋', idType: IdType.MAINLAND_ID, idNumber: withCheckDigit('32010219960512453'), sex: '0', email: 'liu.yang@example.edu', mobile: '13800138002' },
  { number: '2027300001', registerType: RegisterType.SUMMER_CAMP, name: '李娜', idType: IdType.MAINLAND_ID, idNumber: withCheckDigit('44030420030815162'), sex: '1', email: 'li.na@example.edu', mobile: '13800138003' },
  { number: '2027400001', registerType: RegisterType.DOCTOR_HMT, name: '陳嘉欣', idType: IdType.HK_MACAO_PERMIT, idNumber: 'H12345678', sex: '1', email: 'chan.kayan@example.edu', mobile: '+85291234567' },
  { number: '2027500001', registerType: RegisterType.TUIMIAN, name: '王芳', idType: IdType.MAINLAND_ID, idNumber: withCheckDigit('51010720020101284'), sex: '1', email: 'wang.fang@example.edu', mobile: '13800138005' },
  { number: '2027100002', registerType: RegisterType.DOCTOR_ASSESSMENT, name: '王磊', idType: IdType.MAINLAND_ID, idNumber: withCheckDigit('37010219940218351'), sex: '0', email: 'wang.lei@example.edu', mobile: '13800138006' },
  // A Taiwan doctoral applicant who has just registered: Taiwan compatriot permit, a +886 mobile, a name in Traditional characters.
  { number: '2027400002', registerType: RegisterType.DOCTOR_HMT, name: '林怡君', idType: IdType.TAIWAN_PERMIT, idNumber: '87654321', sex: '1', email: 'lin.yichun@example.edu', mobile: '+886912345678' },
];

/**
 * The demo's back office (issues #8 and #9): the admissions office, which alone may publish
 * results; a secretary for each school; four internal experts, three of whom also supervise
 * doctoral students (so a conflict of interest can be seen: an applicant who chose one of them as
 * supervisor never reaches them); and two system administrators (one alone grants nobody publishing).
 */
/** Staff addresses receive the back office's notices (an expert's new files); without SMTP they land in the outbox. */
export const DEMO_STAFF: ReadonlyArray<{ loginName: string; name: string; roleKeys: readonly RoleKey[]; departments?: readonly string[]; permissions?: readonly StaffPermission[]; email?: string }> = [
  { loginName: 'reviewer', name: '赵敏', roleKeys: [RoleKey.REVIEWER], email: 'reviewer@gradus.example.edu' },
  { loginName: 'admin', name: '周杰', roleKeys: [RoleKey.ADMIN, RoleKey.REVIEWER], permissions: ['results.publish'], email: 'admin@gradus.example.edu' },
  // A second publisher: a release planned by one is confirmed by the other.
  { loginName: 'publisher', name: '吴静', roleKeys: [RoleKey.ADMIN], permissions: ['results.publish'], email: 'publisher@gradus.example.edu' },
  { loginName: 'secretary', name: '孙丽', roleKeys: [RoleKey.DEPT], departments: ['CS'], email: 'secretary@gradus.example.edu' },
  { loginName: 'secretary-econ', name: '郑雪', roleKeys: [RoleKey.DEPT], departments: ['ECON'], email: 'secretary-econ@gradus.example.edu' },
  { loginName: 'secretary-eth', name: '卓玛', roleKeys: [RoleKey.DEPT], departments: ['ETH'], email: 'secretary-eth@gradus.example.edu' },
  { loginName: 'expert-wang', name: '王晓明', roleKeys: [RoleKey.REVIEWER], email: 'expert-wang@gradus.example.edu' },
  { loginName: 'expert-zhou', name: '周文华', roleKeys: [RoleKey.REVIEWER], email: 'expert-zhou@gradus.example.edu' },
  { loginName: 'expert-wu', name: '吴敏', roleKeys: [RoleKey.REVIEWER], email: 'expert-wu@gradus.example.edu' },
  { loginName: 'sysadmin', name: '钱刚', roleKeys: [RoleKey.SYSADMIN], email: 'sysadmin@gradus.example.edu' },
  // A second administrator: granting publishing or administration takes two (the two-person rule).
  { loginName: 'sysadmin-2', name: '何静', roleKeys: [RoleKey.SYSADMIN], email: 'sysadmin-2@gradus.example.edu' },
];

const DEPARTMENTS = [
  { code: 'CS', name_zh: '计算机科学与技术学院', name_en: 'School of Computer Science and Technology', programmes: [
    { code: 'CS-PHD-081200', name_zh: '计算机科学与技术（博士）', name_en: 'Computer Science and Technology (PhD)', degree: PROGRAMME_DEGREES.DOCTORATE },
    { code: 'CS-MS-081200', name_zh: '计算机科学与技术（硕士）', name_en: 'Computer Science and Technology (Master)', degree: PROGRAMME_DEGREES.MASTER },
  ] },
  { code: 'ECON', name_zh: '经济学院', name_en: 'School of Economics', programmes: [
    { code: 'ECON-PHD-020100', name_zh: '理论经济学（博士）', name_en: 'Theoretical Economics (PhD)', degree: PROGRAMME_DEGREES.DOCTORATE },
    { code: 'ECON-MS-020200', name_zh: '应用经济学（硕士）', name_en: 'Applied Economics (Master)', degree: PROGRAMME_DEGREES.MASTER },
  ] },
  { code: 'ETH', name_zh: '民族学与社会学学院', name_en: 'School of Ethnology and Sociology', programmes: [
    { code: 'ETH-PHD-030400', name_zh: '民族学（博士）', name_en: 'Ethnology (PhD)', degree: PROGRAMME_DEGREES.DOCTORATE },
    { code: 'ETH-MS-030300', name_zh: '社会学（硕士）', name_en: 'Sociology (Master)', degree: PROGRAMME_DEGREES.MASTER },
  ] },
];

/**
 * The review links the demo mailed to its external experts as it was seeded (also in the outbox):
 * the start-up banner prints them, so a newcomer can open one. Empty when the demo was seeded on
 * an earlier start.
 */
export const DEMO_REVIEW_LINKS: Array<{ name: string; link: string }> = [];

export async function isEmpty(db: DB): Promise<boolean> {
  return !(await db.selectFrom('app_user').select('id').limit(1).executeTakeFirst());
}

/**
 * Demo data for a first start in development: never in production. `journeys: false` leaves every
 * applicant just registered and the cycle unconfigured (what most tests start from).
 */
export async function seedDemo(ctx: AppContext, opts: { journeys: boolean } = { journeys: true }): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.now();
  await db.insertInto('recruit_year').values({ year: DEMO_YEAR, is_current: 1, created_at: now }).execute();
  for (const [i, d] of DEPARTMENTS.entries()) {
    const dept = await db
      .insertInto('department')
      .values({ code: d.code, name_zh: d.name_zh, name_en: d.name_en, order_num: i + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const p of d.programmes) await db.insertInto('programme').values({ department_id: dept.id, ...p }).execute();
  }

  const open = new Date(now - 30 * 86_400_000).toISOString();
  const close = new Date(now + 120 * 86_400_000).toISOString();
  await setConfigValue(db, now, 'system', 'systemName', 'Gradus');
  await setConfigValue(db, now, 'system', 'recruitYear', DEMO_YEAR);
  for (const [area, html] of Object.entries(DEMO_NOTICES)) {
    await setConfigValue(db, now, area as keyof typeof DEMO_NOTICES, 'notice', html);
  }
  for (const area of ADMISSION_AREAS) {
    await setConfigValue(db, now, area, 'registrationStart', open);
    await setConfigValue(db, now, area, 'registrationEnd', close);
  }
  // A secret the client must never see: the payment sandbox signs callbacks with it, so it is
  // random (a guessable key would let anyone forge a 'paid' notification).
  await setConfigValue(db, now, 'system', 'paymentSandboxKey', randomBytes(24).toString('base64url'), true);
  // The account Hong Kong, Macao and Taiwan applicants may transfer the fee to instead (a demo account, not a real one).
  for (const [field, value] of Object.entries(DEMO_BANK_ACCOUNT)) await setConfigValue(db, now, BANK_TRANSFER_CONFIG_AREA, BANK_ACCOUNT_KEYS[field as keyof typeof DEMO_BANK_ACCOUNT], value);

  const passwordHash = await hashSecret(DEMO_PASSWORD);
  const answerHash = await hashSecret(normalizeAnswer('Beijing'));
  for (const { number, ...a } of DEMO_APPLICANTS) {
    const created = await createApplicant(db, now, {
      ...a,
      recruitYear: DEMO_YEAR,
      passwordHash,
      securityQuestion: 'In which city was your primary school?',
      securityAnswerHash: answerHash,
    });
    // README and the start-up banner name these numbers: fail loudly if numbering ever changes.
    if (created.number !== number) throw new Error(`demo applicant ${a.name} got ${created.number}, expected ${number}`);
  }
  for (const { departments = [], permissions = [], ...s } of DEMO_STAFF) {
    const userId = await createStaff(db, now, { ...s, passwordHash });
    await setStaffScope(db, userId, { departmentCodes: departments, permissions });
  }
  // Each area's journey seeds its own part (the doctoral catalogue, fee and demo applicants' stages).
  for (const journey of ctx.journeys.all()) await journey.seedDemo?.(ctx, opts);
}
