/**
 * The notes/precautions (dashboard) of each area, as a graduate school would write them:
 * content, not interface text, so it is configuration in Chinese and English, not i18n keys.
 */
export const DEMO_NOTICES = {
  system: `<h2>欢迎使用研究生招生平台 / Welcome</h2>
<p>请从左侧菜单进入各项业务。Use the menu on the left to reach each task.</p>`,
  doctor: `<h2>博士研究生报名须知 / Doctoral applicants: please read</h2>
<ol>
<li>报名时间：以招生简章公布为准，逾期不予补报。Registration closes on the date in the admissions brochure; late registration is not accepted.</li>
<li>请如实填写报名信息并上传电子材料，提交后信息将锁定。Fill in the form truthfully and upload your materials; the form is locked once submitted.</li>
<li>报名费缴纳成功后方可进入资格审查。Your application enters the qualification review once the fee is paid.</li>
<li>请妥善保管报名号和密码。Keep your registration number and password safe.</li>
</ol>`,
  master: `<h2>硕士研究生报名须知 / Master's applicants</h2><p>请按通知要求完成报名。Complete your registration as the notice requires.</p>`,
  summerCamp: `<h2>优秀大学生夏令营报名须知 / Summer camp</h2>
<ol>
<li>请在截止日期前提交申请表和材料。Submit the form and materials before the deadline.</li>
<li>入营资格将在本平台公布，请按时确认。Camp-entry results are published here; confirm in time.</li>
</ol>`,
  tms: `<h2>推荐免试研究生报名须知 / Recommended-exempt applicants</h2><p>请在推免服务系统填报志愿后，在本平台完善信息。Complete your details here after applying in the national system.</p>`,
  gat: `<h2>港澳台地区考生须知 / Hong Kong, Macao and Taiwan applicants</h2><p>请使用有效的通行证或护照注册。Register with a valid travel permit or passport.</p>`,
} as const;
