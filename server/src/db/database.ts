import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely';

/**
 * The tables. Timestamps are epoch milliseconds (bigint), flags are 0/1 integers on both
 * dialects; repositories convert them at the edge.
 */
export interface RecruitYearTable {
  id: Generated<number>;
  year: string;
  is_current: number;
  created_at: number;
}
export interface DepartmentTable {
  id: Generated<number>;
  code: string;
  name_zh: string;
  name_en: string;
  order_num: number;
}
export interface ProgrammeTable {
  id: Generated<number>;
  department_id: number;
  code: string;
  name_zh: string;
  name_en: string;
  /** The degree it leads to: contract DEGREES ('master', a doctorate, ...). */
  degree: string;
}
export interface AppUserTable {
  id: Generated<number>;
  /** 'applicant', 'staff', or 'external' (an external expert: never signs in, reached by a mailed link) */
  kind: string;
  login_name: string | null;
  /** The registration or candidate number an applicant signs in with. */
  applicant_number: string | null;
  user_register_type: number | null;
  recruit_year: string | null;
  name: string;
  id_type: string | null;
  id_number: string | null;
  sex: string | null;
  email: string | null;
  mobile: string | null;
  password_hash: string;
  security_question: string | null;
  security_answer_hash: string | null;
  dept_id: number | null;
  avatar: string;
  introduction: string;
  /** External experts: where they work (migration 008). */
  affiliation: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'active' or 'disabled' */
  status: string;
  /** 1 while the password is a one-time one someone else chose (migration 014): the account may only change it. */
  password_change_due: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}
/** A change to a staff account that waits for a second system administrator (migration 014). */
export interface AccountRequestTable {
  id: Generated<number>;
  /** 'create', 'update' or 'resetPassword' */
  action: string;
  target_user_id: number | null;
  login_name: string;
  /** The change as JSON (the create or update input, and the account as it was when asked). */
  payload: string;
  requested_by: number;
  requested_at: number;
  decided_by: number | null;
  decided_at: number | null;
  /** null while open; 'confirmed' or 'declined' */
  outcome: string | null;
  reason: string | null;
}
/** A result's release, planned by one publisher and confirmed by another (migration 016). */
export interface ReleasePlanTable {
  id: Generated<number>;
  area: string;
  recruit_year: string;
  release: string;
  /** When it goes out (epoch ms); null: on confirmation. */
  at: number | null;
  /** 'awaiting' | 'scheduled' | 'published' | 'cancelled' */
  state: string;
  planned_by: number | null;
  planned_at: number;
  confirmed_by: number | null;
  confirmed_at: number | null;
  published_at: number | null;
  cancelled_by: number | null;
  reason: string | null;
}
/** When an applicant first opened a published result (migration 016). */
export interface ResultViewTable {
  area: string;
  recruit_year: string;
  release: string;
  applicant_user_id: number;
  first_seen_at: number;
}
export interface RoleTable {
  id: Generated<number>;
  role_key: string;
  role_name: string;
  order_num: number;
}
export interface UserRoleTable {
  user_id: number;
  role_id: number;
  order_num: number;
}
export interface MenuTable {
  id: Generated<number>;
  parent_id: number;
  menu_name: string;
  path: string;
  component: string | null;
  menu_type: string;
  perms: string | null;
  visible: string;
  order_num: number;
  icon: string | null;
  is_cache: string;
  stage_gate: string | null;
  /** The journey's area for applicant menus, null for everyone's (migration 004). */
  area: string | null;
}
export interface RoleMenuTable {
  role_id: number;
  menu_id: number;
}
/** A back-office row the system administrator took from a staff role (migration 020). */
export interface RoleMenuDeniedTable {
  role_id: number;
  menu_id: number;
  denied_by: number | null;
  denied_at: number;
}
export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  active_role_id: number;
  created_at: number;
  last_seen_at: number;
  idle_expires_at: number;
  absolute_expires_at: number;
  revoked_at: number | null;
  ip: string | null;
  user_agent: string | null;
}
export interface CaptchaTable {
  uuid: string;
  answer_hash: string;
  expires_at: number;
  used_at: number | null;
}
export interface SystemConfigTable {
  id: Generated<number>;
  system_type: string;
  system_key: string;
  system_value: string;
  is_secret: number;
  updated_at: number;
}
export interface StoredFileTable {
  id: Generated<number>;
  /** The virtual path clients name, under a download root; never a filesystem path. */
  file_path: string;
  owner_user_id: number | null;
  category: string;
  /** Server-generated name of the bytes under DATA_DIR/files. */
  storage_key: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  is_public: number;
  created_at: number;
}
export interface PasswordResetTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
  id_scan_file_id: number | null;
  created_at: number;
}
/** Written once, never changed: the table refuses UPDATE and DELETE (migration 013), and these types refuse `set`. */
type Appended<T> = ColumnType<T, T, never>;
export interface AuditEventTable {
  id: ColumnType<number, never, never>;
  at: Appended<number>;
  user_id: Appended<number | null>;
  event: Appended<string>;
  /** The account identifier tried (number or login name), never a password or ID number. */
  subject: Appended<string | null>;
  ip: Appended<string | null>;
  /** JSON of what was set. */
  detail: Appended<string | null>;
  /** The hash of the entry before (a fixed genesis value for the first); null only on a row written around audit(). */
  prev_hash: ColumnType<string | null, string, never>;
  /** sha256 of prev_hash and this entry's content (modules/audit/service.ts `chainHash`). */
  hash: ColumnType<string | null, string, never>;
}
export interface NumberSequenceTable {
  recruit_year: string;
  user_register_type: number;
  last_value: number;
}

/** A secretary's departments (migration 004). */
export interface StaffDepartmentTable {
  user_id: number;
  department_id: number;
}
/** Grants held besides roles, contract STAFF_PERMISSIONS (migration 004). */
export interface StaffPermissionTable {
  user_id: number;
  permission: string;
}
/** An internal expert assigned to review one application at one stage (migration 004). */
export interface ExpertAssignmentTable {
  id: Generated<number>;
  expert_user_id: number;
  applicant_user_id: number;
  recruit_year: string;
  area: string;
  stage: string;
  assigned_by: number | null;
  assigned_at: number;
  /** Why the office assigned by hand against the rules (the expert's load limit, the number of experts); migration 007. */
  override_reason: Generated<string | null>;
}

/** The rules of a scored stage in one area's cycle (migration 007). */
export interface ReviewSettingTable {
  id: Generated<number>;
  area: string;
  recruit_year: string;
  stage: string;
  /** contract COMBINE_METHODS */
  method: string;
  min_experts: number;
  experts_per_application: number;
  max_load: number;
  closed_at: number | null;
  updated_by: number | null;
  updated_at: number;
}
export interface ScoreSheetTable {
  id: Generated<number>;
  area: string;
  recruit_year: string;
  stage: string;
  programme_id: number;
  /** contract SheetItem[] */
  items_json: string;
  version: number;
  updated_by: number | null;
  updated_at: number;
}
export interface ExpertScoreTable {
  id: Generated<number>;
  expert_user_id: number;
  applicant_user_id: number;
  recruit_year: string;
  area: string;
  stage: string;
  /** item key -> decimal text */
  scores_json: string;
  /** Σ score × weight in ten-thousandths (contract scoring.ts). */
  total: number;
  comment: string;
  /** 'draft' | 'submitted' */
  status: string;
  version: number;
  submitted_at: number | null;
  updated_by: number | null;
  updated_at: number;
}
export interface ExpertConflictTable {
  id: Generated<number>;
  expert_user_id: number;
  applicant_user_id: number;
  recruit_year: string;
  area: string;
  reason: string;
  declared_at: number;
}

export interface ReviewLinkTable {
  id: Generated<number>;
  expert_user_id: number;
  area: string;
  recruit_year: string;
  stage: string;
  token_hash: string;
  expires_at: number;
  replaced_at: number | null;
  code_hash: string | null;
  code_expires_at: number | null;
  code_sent_at: number | null;
  code_attempts: Generated<number>;
  verified_at: number | null;
  session_hash: string | null;
  declared_at: number | null;
  created_by: number | null;
  created_at: number;
}

/** The photo a reviewer has on screen, theirs until `expires_at` (migration 011). */
export interface PhotoClaimTable {
  material_id: number;
  staff_user_id: number;
  expires_at: number;
}

export interface ResearchDirectionTable {
  id: Generated<number>;
  programme_id: number;
  code: string;
  name_zh: string;
  name_en: string;
}
export interface SupervisorTable {
  id: Generated<number>;
  direction_id: number;
  name: string;
  title_zh: string;
  title_en: string;
  /** The supervisor's own staff account, when they review as an internal expert (migration 004). */
  user_id: Generated<number | null>;
}
export interface ApplicationFormTable {
  id: Generated<number>;
  user_id: number;
  recruit_year: string;
  area: string;
  /** 'draft' | 'submitted' | 'returned' */
  status: string;
  sections_json: string;
  version: number;
  /** JSON array of section keys a reviewer reopened, or null. */
  reopened_sections: string | null;
  return_reason: string | null;
  /** A returned form's correction deadline (epoch ms): it replaces the registration window. */
  returned_until: number | null;
  /** The intended section's choices, copied on every save for scope and lists (migration 004). */
  department_id: Generated<number | null>;
  programme_id: Generated<number | null>;
  supervisor_id: Generated<number | null>;
  saved_at: number;
  submitted_at: number | null;
  created_at: number;
  /**
   * Where the application stands for the list's filters, kept from the orders, materials and
   * decisions by modules/applications/list-states.ts (migration 006). 1 when the fee is paid.
   */
  fee_paid: Generated<number>;
  /** The newest ID photo's status: 'missing' | 'uploaded' | 'approved' | 'rejected' */
  photo_status: Generated<string>;
  /** The eligibility review's outcome: 'pending' | 'pass' | 'fail' */
  qualification: Generated<string>;
  /** The school's review before it, in an area that has one (migration 023): 'pending' | 'pass' | 'fail' */
  department_review: Generated<string>;
  /** The applicant's name, copied with the states for the list's name order (migration 010). */
  applicant_name: Generated<string>;
  /** The applicant number, copied the same way for the list's number order (migration 012). */
  applicant_number: Generated<string>;
  /** The name as the list's search compares it (lib/person-name.ts nameSearchKey; migration 012). */
  applicant_search: Generated<string>;
}
/** Every piece of a form's folded applicant name up to three characters: the list's name search (migration 012). */
export interface ApplicantNamePieceTable {
  piece: string;
  form_id: number;
}
export interface ApplicationMaterialTable {
  id: Generated<number>;
  user_id: number;
  recruit_year: string;
  area: string;
  category: string;
  stored_file_id: number;
  /** 'uploaded' | 'approved' | 'rejected' */
  status: string;
  review_reason: string | null;
  reviewed_at: number | null;
  created_at: number;
}
export interface PaymentOrderTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  recruit_year: string;
  area: string;
  purpose: string;
  amount_cents: number;
  currency: string;
  provider: string;
  /** 'pending' | 'paid' | 'closed' */
  status: string;
  provider_trade_no: string | null;
  paid_at: number | null;
  created_at: number;
  updated_at: number;
}
export interface PaymentLedgerTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  provider_trade_no: string;
  amount_cents: number;
  paid_at: number;
  recorded_at: number;
}
export interface PaymentNotificationTable {
  id: Generated<number>;
  provider: string;
  order_no: string | null;
  received_at: number;
  signature_valid: number;
  outcome: string;
  body: string;
}
/**
 * A bank-transfer receipt an applicant uploaded for an order (migration 021): waiting, then confirmed
 * (the order settled) or rejected with a reason. At most one waits and one is confirmed per order.
 */
export interface PaymentOfflineReceiptTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  recruit_year: string;
  area: string;
  stored_file_id: number;
  /** The amount the page asked for when the receipt came (the order's then). */
  amount_cents: number;
  currency: string;
  /** contract OFFLINE_RECEIPT_STATES: 'submitted' | 'confirmed' | 'rejected' */
  state: string;
  reason: string | null;
  /** The bank's reference staff noted when confirming; the ledger's trade number. */
  reference: string | null;
  submitted_at: number;
  decided_by: number | null;
  decided_at: number | null;
}
export interface SandboxTradeTable {
  id: Generated<number>;
  trade_no: string;
  merchant_order_no: string;
  amount_cents: number;
  subject: string;
  notify_url: string;
  return_url: string;
  /** 'open' | 'paid' */
  status: string;
  paid_at: number | null;
  notify_attempts: number;
  next_notify_at: number | null;
  notified_at: number | null;
  created_at: number;
}
export interface ReviewDecisionTable {
  id: Generated<number>;
  user_id: number;
  recruit_year: string;
  /** contract ADMISSION_AREAS (migration 004). */
  area: string;
  /** contract REVIEW_STAGES */
  stage: string;
  /** 'pass' | 'fail' */
  outcome: string;
  reason: string | null;
  decided_by: number | null;
  decided_at: number;
}
export interface ExamTicketTable {
  id: Generated<number>;
  user_id: number;
  recruit_year: string;
  /** contract ADMISSION_AREAS (migration 004). */
  area: string;
  /** contract TICKET_KINDS */
  kind: string;
  ticket_no: string;
  subject: string;
  starts_at: number;
  ends_at: number;
  venue: string;
  room: string;
  seat: string;
  notes: string;
  verify_code: string;
  created_at: number;
  /** The exam session that seats the holder (migration 017); null for a ticket arranged on its own. */
  session_id: number | null;
  room_id: number | null;
}
/** One sitting of an exam kind in a year (migration 017). */
export interface ExamSessionTable {
  id: Generated<number>;
  area: string;
  recruit_year: string;
  /** contract TICKET_KINDS */
  kind: string;
  subject: string;
  starts_at: number;
  ends_at: number;
  venue: string;
  notes: string;
  version: Generated<number>;
  /** Counts the changes to what its tickets print: a printing of an older count is out of date. */
  tickets_revision: Generated<number>;
  created_by: number | null;
  created_at: number;
}
export interface ExamRoomTable {
  id: Generated<number>;
  session_id: number;
  name: string;
  capacity: number;
  /** Seats are filled room by room in this order. */
  position: number;
}
/** A session's tickets printed in the background into one zip (migration 017). */
export interface TicketBatchTable {
  id: Generated<number>;
  session_id: number;
  /** 'running' | 'done' | 'failed' */
  state: string;
  total: number;
  done: Generated<number>;
  lang: string;
  /** The session's tickets_revision it printed. */
  revision: number;
  storage_key: string | null;
  size: number | null;
  error: string | null;
  requested_by: number | null;
  requested_at: number;
  finished_at: number | null;
  /** Where the tickets' QR codes lead (migration 029); null for printings recorded before. */
  verify_base: Generated<string | null>;
}
export interface ExamScoreTable {
  id: Generated<number>;
  user_id: number;
  recruit_year: string;
  /** contract ADMISSION_AREAS (migration 004). */
  area: string;
  /** contract SCORE_KINDS */
  kind: string;
  /** Integer hundredths: 7850 is 78.5 (results/score-codec.ts converts). */
  score_hundredths: number;
  max_score_hundredths: number;
  detail_json: string;
  remark: string;
  recorded_at: number;
}
/** Every value a score has had (migration 018); exam_score holds the current one. */
export interface ExamScoreVersionTable {
  id: Generated<number>;
  user_id: number;
  recruit_year: string;
  area: string;
  kind: string;
  score_hundredths: number;
  max_score_hundredths: number;
  /** The value it replaced; null for the first. */
  previous_hundredths: number | null;
  reason: string | null;
  /** contract SCORE_SOURCES */
  source: string;
  recorded_by: number | null;
  recorded_at: number;
}
/** Full marks of a score kind in a cycle (migration 018); 100 when absent. */
export interface ScoreScaleTable {
  area: string;
  recruit_year: string;
  kind: string;
  max_score_hundredths: number;
  updated_by: number | null;
  updated_at: number;
}
/** A component's weight in a programme's final score, whole percent (migration 018). */
export interface ScoreWeightTable {
  area: string;
  recruit_year: string;
  programme_id: number;
  kind: string;
  weight: number;
  updated_by: number | null;
  updated_at: number;
}
/** An applicant's request for a re-check of one score and the office's answer (migration 019). */
export interface ScoreRecheckTable {
  id: Generated<number>;
  user_id: number;
  recruit_year: string;
  area: string;
  /** contract RECHECK_KINDS */
  kind: string;
  reason: string;
  /** contract RECHECK_STATES */
  state: string;
  requested_at: number;
  /** The score when it was asked for. */
  old_hundredths: number;
  /** contract RECHECK_OUTCOMES; null until answered. */
  outcome: string | null;
  answer: string | null;
  new_hundredths: number | null;
  answered_by: number | null;
  answered_at: number | null;
}
/** When re-checks of a kind may be asked in a cycle (migration 019). */
export interface ScoreRecheckWindowTable {
  area: string;
  recruit_year: string;
  kind: string;
  opens_at: number;
  closes_at: number;
  updated_by: number | null;
  updated_at: number;
}
export interface AdmissionRecordTable {
  id: Generated<number>;
  user_id: number;
  recruit_year: string;
  /** contract ADMISSION_AREAS (migration 004). */
  area: string;
  /** 'archive' | 'notice' | 'paperLetter' */
  kind: string;
  data_json: string;
  tracking_number: string | null;
  /** When staff entered the tracking number (migration 003). */
  tracking_set_at: number | null;
  created_at: number;
  updated_at: number;
}

/** An interview panel's session: the comprehensive assessment or the foreign-language review (migration 009). */
export interface InterviewSessionTable {
  id: Generated<number>;
  area: string;
  recruit_year: string;
  /** contract INTERVIEW_KINDS (also the scored stage of its sheet and rules) */
  kind: string;
  programme_id: number;
  starts_at: number;
  room: string;
  secretary_user_id: number;
  locked_at: number | null;
  locked_by: number | null;
  version: number;
  created_by: number | null;
  updated_at: number;
}
export interface InterviewPanelTable {
  id: Generated<number>;
  session_id: number;
  member_user_id: number;
  position: number;
}
export interface InterviewSlotTable {
  id: Generated<number>;
  session_id: number;
  applicant_user_id: number;
  position: number;
}
export interface InterviewScoreTable {
  id: Generated<number>;
  session_id: number;
  member_user_id: number;
  applicant_user_id: number;
  /** item key -> decimal text */
  scores_json: string;
  /** Σ score × weight in ten-thousandths (contract scoring.ts). */
  total: number;
  comment: string;
  /** 'draft' | 'submitted' */
  status: string;
  version: number;
  submitted_at: number | null;
  updated_at: number;
}

/** The office's exceptions to Monday-to-Friday (migration 015): a weekday holiday or a make-up working weekend day. */
export interface WorkCalendarDayTable {
  /** The Beijing date, YYYY-MM-DD. */
  day: string;
  /** 'holiday' | 'workday' */
  kind: string;
  name: string;
  updated_by: number | null;
  updated_at: number;
}
/** A published proposed-admission list (migration 015): the database refuses UPDATE and DELETE. */
export interface PublicityListTable {
  id: Generated<number>;
  area: string;
  recruit_year: string;
  /** 'original' | 'supplementary' */
  kind: string;
  amends_id: number | null;
  note: string;
  /** JSON array of contract PUBLICITY_SCORE_KINDS */
  score_kinds: string;
  start_date: string;
  end_date: string;
  working_days: number;
  published_by: number | null;
  published_at: number;
}
/** One row of a published list, copied at publication (migration 015); never changed. */
export interface PublicityRowTable {
  id: Generated<number>;
  list_id: number;
  position: number;
  applicant_user_id: number;
  masked_name: string;
  applicant_number: string;
  programme_code: string | null;
  programme_zh: string | null;
  programme_en: string | null;
  /** kind -> decimal text */
  scores_json: string;
  /** On a supplementary list: 'added' | 'corrected' | 'withdrawn'; null on an original. */
  change: string | null;
}
/** A summer camp of a recruitment year (migration 022): its days, place, windows and rules. */
export interface SummerCampTable {
  id: Generated<number>;
  recruit_year: string;
  name_zh: string;
  name_en: string;
  /** The school running it; null for a camp of programmes from several schools. */
  department_id: number | null;
  /** Days in Beijing, 'YYYY-MM-DD'. */
  starts_on: string;
  ends_on: string;
  /** contract CAMP_MODES: 'onsite' | 'online' */
  mode: string;
  place_zh: string | null;
  place_en: string | null;
  apply_opens_at: number;
  apply_closes_at: number;
  confirm_closes_at: number;
  waitlist_confirm_hours: number;
  /** 0/1 */
  rates_campers: number;
  /** 0/1 */
  decline_undoable: number;
  version: Generated<number>;
  created_at: number;
  updated_at: number;
  updated_by: number | null;
}
/** A programme a camp recruits for, with its places; one camp per programme and year (the service checks it). */
export interface SummerCampProgrammeTable {
  camp_id: number;
  programme_id: number;
  capacity: number;
}
/** Where a camper stands in a camp of their year (migration 024): one row per camper and year. */
export interface CampPlaceTable {
  id: Generated<number>;
  recruit_year: string;
  user_id: number;
  camp_id: number;
  programme_id: number;
  /** contract CAMP_PLACE_STATUSES: 'offered' | 'confirmed' | 'declined' | 'expired' | 'waitlisted' */
  status: string;
  waitlist_position: number | null;
  confirm_by: number | null;
  offered_at: number | null;
  answered_at: number | null;
  version: Generated<number>;
  created_at: number;
  updated_at: number;
  /** A confirmed camper's result (migration 025): contract CAMP_ATTENDANCE and CAMP_RATINGS. */
  attendance: string | null;
  rating: string | null;
  result_by: number | null;
  result_at: number | null;
}
/** A tuimian applicant's interview invitation of a year (migration 026), contract tuimian/interview.ts. */
export interface TmsInterviewTable {
  id: Generated<number>;
  recruit_year: string;
  user_id: number;
  starts_at: number;
  format: string;
  place: string;
  link: string;
  notes: string;
  respond_by: number;
  /** 'accepted' | 'declined' | null (not answered yet) */
  answer: string | null;
  answered_at: number | null;
  result: string | null;
  result_by: number | null;
  result_at: number | null;
  invited_by: number | null;
  invited_at: number;
  version: Generated<number>;
  updated_at: number;
}
export interface TmsNationalOfferTable {
  id: Generated<number>;
  recruit_year: string;
  user_id: number;
  /** contract TMS_NATIONAL_OFFER_STATES */
  state: string;
  sent_at: number;
  answered_at: number | null;
  note: string;
  recorded_by: number | null;
  recorded_at: number;
  /** When the applicant was mailed that the offer waits for them (once). */
  notified_at: number | null;
}
/** Mail written with the change that calls for it, sent by the relay (migration 028). */
export interface MailOutboxTable {
  id: Generated<number>;
  /** One mail per key, however often the change that writes it runs. */
  dedupe_key: string;
  /** What the mail is for, e.g. `release:doctor:2027:qualificationReview`: the office's progress is counted by it. */
  topic: string;
  recipient: string;
  subject: string;
  body: string;
  /** pending | sending | sent | failed */
  state: string;
  attempts: Generated<number>;
  next_at: number;
  claimed_until: number | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}
export interface Database {
  recruit_year: RecruitYearTable;
  department: DepartmentTable;
  programme: ProgrammeTable;
  app_user: AppUserTable;
  role: RoleTable;
  user_role: UserRoleTable;
  menu: MenuTable;
  role_menu: RoleMenuTable;
  role_menu_denied: RoleMenuDeniedTable;
  session: SessionTable;
  captcha: CaptchaTable;
  system_config: SystemConfigTable;
  stored_file: StoredFileTable;
  password_reset: PasswordResetTable;
  audit_event: AuditEventTable;
  number_sequence: NumberSequenceTable;
  research_direction: ResearchDirectionTable;
  supervisor: SupervisorTable;
  application_form: ApplicationFormTable;
  application_material: ApplicationMaterialTable;
  payment_order: PaymentOrderTable;
  payment_ledger: PaymentLedgerTable;
  payment_notification: PaymentNotificationTable;
  payment_offline_receipt: PaymentOfflineReceiptTable;
  sandbox_trade: SandboxTradeTable;
  review_decision: ReviewDecisionTable;
  interview_session: InterviewSessionTable;
  interview_panel: InterviewPanelTable;
  interview_slot: InterviewSlotTable;
  interview_score: InterviewScoreTable;
  exam_ticket: ExamTicketTable;
  exam_session: ExamSessionTable;
  exam_room: ExamRoomTable;
  ticket_batch: TicketBatchTable;
  exam_score: ExamScoreTable;
  exam_score_version: ExamScoreVersionTable;
  score_scale: ScoreScaleTable;
  score_weight: ScoreWeightTable;
  score_recheck: ScoreRecheckTable;
  score_recheck_window: ScoreRecheckWindowTable;
  admission_record: AdmissionRecordTable;
  work_calendar_day: WorkCalendarDayTable;
  publicity_list: PublicityListTable;
  publicity_row: PublicityRowTable;
  summer_camp: SummerCampTable;
  summer_camp_programme: SummerCampProgrammeTable;
  camp_place: CampPlaceTable;
  tms_interview: TmsInterviewTable;
  tms_national_offer: TmsNationalOfferTable;
  mail_outbox: MailOutboxTable;
  staff_department: StaffDepartmentTable;
  staff_permission: StaffPermissionTable;
  account_request: AccountRequestTable;
  release_plan: ReleasePlanTable;
  result_view: ResultViewTable;
  expert_assignment: ExpertAssignmentTable;
  review_setting: ReviewSettingTable;
  score_sheet: ScoreSheetTable;
  expert_score: ExpertScoreTable;
  expert_conflict: ExpertConflictTable;
  review_link: ReviewLinkTable;
  photo_claim: PhotoClaimTable;
  applicant_name_piece: ApplicantNamePieceTable;
}

export type DB = Kysely<Database>;
export type AppUserRow = Selectable<AppUserTable>;
export type NewAppUser = Insertable<AppUserTable>;
export type StoredFileRow = Selectable<StoredFileTable>;
