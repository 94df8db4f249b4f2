import { journeyOfCycle, ReplyCode, type AdmissionArea, type CampFormDetailView, type TmsFormDetailView, type CatalogueView, type FormDetailView, type StaffCatalogueView, type PhotoOutcome, type PhotoRules, type StaffReturnInput, type ScoreKind, type StaffMaterialView, type ViewAsApplicantView } from '@gradus/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AdminCommand } from '../../cli/args';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { Applicant } from './applicant';
import type { StageDecision } from './decisions';
import type { StaffActor } from './staff-audit';

/** An applicant's cycle as staff act on it. */
export interface StaffApplicant {
  userId: number;
  recruitYear: string;
  applicantNumber: string;
}

/** A cycle: the configuration area it reads (doctor, gat …) and its recruitment year. */
export interface CycleRef {
  area: AdmissionArea;
  recruitYear: string;
}

/** One applicant of a cycle and what they would read once a result is released ('none': nothing recorded yet). */
export interface ReleaseOutcomeRow {
  userId: number;
  applicantNumber: string;
  name: string;
  email: string | null;
  /** e.g. 'pass', 'fail', 'ticket', 'score:78.5', 'none' */
  outcome: string;
}

/** One applicant who should have a score of a kind (the scores' grid and file, issue #10). */
export interface ScoreCohortRow {
  userId: number;
  applicantNumber: string;
  name: string;
  programme: { id: number; nameZh: string; nameEn: string } | null;
}

/**
 * What the back office asks of an area's records (issue #9). The staff screens and their rules of
 * access are the core's (modules/applications, modules/review); the form, the materials and the
 * decisions are the area's, reached only through this.
 */
export interface StaffSide {
  /**
   * What a form's choices name: departments, programmes, directions, supervisors (the summer camp:
   * the camps of `recruitYear`, the current year when left out, with their programmes).
   */
  catalogue(ctx: AppContext, recruitYear?: string): Promise<StaffCatalogueView>;
  /** The form as the applicant sees it, the ID number masked. */
  formDetail(ctx: AppContext, applicant: Applicant): Promise<FormDetailView | CampFormDetailView | TmsFormDetailView>;
  materials(ctx: AppContext, who: { userId: number; recruitYear: string }): Promise<StaffMaterialView[]>;
  photoRules(ctx: AppContext): Promise<PhotoRules>;
  /** Reopens named sections of a submitted form until a deadline (epoch ms). */
  returnForm(ctx: AppContext, applicant: StaffApplicant, input: StaffReturnInput, actor: StaffActor): Promise<{ returnedUntil: number }>;
  /** Absent: the area has no photo review (a camper's photo is checked by its rules alone). */
  reviewPhoto?(ctx: AppContext, input: { materialId: number; outcome: PhotoOutcome; reason: string | null }, actor: StaffActor): Promise<{ materialId: number; status: PhotoOutcome; reason: string | null }>;
  /**
   * Why a submitted application cannot be judged yet (the doctoral fee unpaid), or null. Checked
   * before every eligibility decision of the area.
   */
  notReadyForDecision?(ctx: AppContext, applicant: StaffApplicant): Promise<AppError | null>;
  /**
   * Why the eligibility decision can no longer change (a camper holds a camp place), or null. Asked
   * inside the decision's transaction, so it may take the locks its own writers take.
   */
  decisionStands?(ctx: AppContext, applicant: StaffApplicant): Promise<AppError | null>;
  /**
   * Every applicant of a cycle with what a release of this result would show them (releases' preview,
   * mail). `cycle` is the configuration area the release belongs to (gat: the Hong Kong, Macao and
   * Taiwan applicants of the doctoral journey), and only its applicants are listed.
   */
  releaseOutcomes?(ctx: AppContext, cycle: CycleRef, release: string): Promise<ReleaseOutcomeRow[]>;
  /** One applicant's page for a result as they will read it once released, whatever its switch says (the office's preview); null for no such applicant on the cycle. */
  resultAsReleased?(ctx: AppContext, cycle: CycleRef, release: string, applicantNumber: string): Promise<ViewAsApplicantView | null>;
  /** Records a review stage's outcome (replacing an earlier one), audited (admissions/decisions.ts). */
  decide(ctx: AppContext, applicant: StaffApplicant, input: StageDecision, actor: StaffActor): Promise<void>;
  /** The applicants who should have a score of this kind in the cycle, by number (the scores' grid, file and final scores). */
  scoreCohort?(ctx: AppContext, recruitYear: string, kind: ScoreKind): Promise<ScoreCohortRow[]>;
}

/**
 * What an area registers with the core (server/src/journeys.ts lists them). The core knows an
 * area only through this: its stages and releases (configured per year, cycle.ts), the menu gates
 * its menu rows name and which are open for one applicant, its calls, its staff commands and its
 * demo data. Adding an area adds a folder and a line in journeys.ts, nothing in the core or the
 * user module.
 */
export interface JourneyModule {
  area: AdmissionArea;
  /** Stage keys in cycle order; each has a window per recruitment year. */
  stages: readonly string[];
  /** Results staff publish, each with a switch per recruitment year. */
  releases: readonly string[];
  /** The gates its menu rows name (contract/menus.ts). */
  gates: readonly string[];
  /** Which gates are open for this applicant, from their own records and the release switches. */
  openGates(ctx: AppContext, applicant: Applicant): Promise<ReadonlySet<string>>;
  /** The signed-in applicant's calls. */
  routes: FastifyPluginAsync;
  /** Calls reached without a session (payment gateways, verification pages). */
  publicRoutes?: FastifyPluginAsync;
  /** Staff commands of `npm run admin`, acting through the same services and policies. */
  commands?: readonly AdminCommand[];
  /** Where each demo applicant of the area stands, by number: the start-up banner prints it. */
  demoStanding?: Readonly<Record<string, string>>;
  /** The back office's access to the area's records; an area without it has no staff screens yet. */
  staff?: StaffSide;
  /** Work the area keeps running (a deadline sweep), started with the app and stopped when it closes. */
  background?(ctx: AppContext): { stop(): Promise<void> };
  /** Demo data on an empty database outside production; `journeys` also walks the demo applicants on. */
  seedDemo?(ctx: AppContext, opts: { journeys: boolean }): Promise<void>;
}

export class JourneyRegistry {
  private readonly byArea = new Map<AdmissionArea, JourneyModule>();

  constructor(modules: readonly JourneyModule[]) {
    for (const m of modules) {
      if (this.byArea.has(m.area)) throw new Error(`two journeys registered for ${m.area}`);
      this.byArea.set(m.area, m);
    }
  }

  of(area: AdmissionArea): JourneyModule | undefined {
    return this.byArea.get(area);
  }

  /** The journey that runs a cycle: the doctoral one for the doctor and the gat cycles. */
  ofCycle(cycle: AdmissionArea): JourneyModule | undefined {
    const journey = journeyOfCycle(cycle);
    return journey ? this.byArea.get(journey) : undefined;
  }

  all(): JourneyModule[] {
    return [...this.byArea.values()];
  }
}

/** The release outcomes of the journey that runs a cycle (the doctor and the gat cycles are the doctoral journey's). */
export function releasesSideOfCycle(ctx: AppContext, cycle: AdmissionArea): Required<Pick<StaffSide, 'releaseOutcomes' | 'resultAsReleased'>> {
  const side = ctx.journeys.ofCycle(cycle)?.staff;
  if (!side?.releaseOutcomes || !side.resultAsReleased) throw new AppError(ReplyCode.NOT_FOUND, 'error.areaNotReviewed');
  return { releaseOutcomes: side.releaseOutcomes, resultAsReleased: side.resultAsReleased };
}

/** The university's programmes as an area's forms name them, for calls that work programme by programme (scores' weights). */
export async function programmeCatalogue(ctx: AppContext, area: AdmissionArea): Promise<CatalogueView> {
  const catalogue = await staffSideOf(ctx, area).catalogue(ctx);
  if (!('departments' in catalogue)) throw new AppError(ReplyCode.NOT_FOUND, 'error.areaNotReviewed');
  return catalogue;
}

/** The area's staff side, or a clear refusal for an area the back office does not cover yet. */
export function staffSideOf(ctx: AppContext, area: AdmissionArea): StaffSide {
  const side = ctx.journeys.of(area)?.staff;
  if (!side) throw new AppError(ReplyCode.NOT_FOUND, 'error.areaNotReviewed');
  return side;
}
