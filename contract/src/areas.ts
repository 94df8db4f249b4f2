import { RegisterType, type RoleKey } from './codes';

/**
 * The business areas an applicant's journey belongs to (spec 1: each has its own configuration).
 * This file and each area's own folder are the only places an area is named: generic code takes
 * the area as a value. Hong Kong, Macao and Taiwan applicants (gat) are doctoral applicants on a cycle of their own.
 */
export const ADMISSION_AREAS = ['doctor', 'summerCamp', 'tms', 'gat'] as const;
export type AdmissionArea = (typeof ADMISSION_AREAS)[number];

export const DOCTOR_AREA: AdmissionArea = 'doctor';
export const SUMMER_CAMP_AREA: AdmissionArea = 'summerCamp';
/** Recommended-exempt (推免) master's and direct-doctoral applicants, register type 5. */
export const TMS_AREA: AdmissionArea = 'tms';

/**
 * The areas whose applications the chosen programme's school reviews before the graduate school
 * decides their eligibility (issue #11: a summer camp's and a recommended-exempt application). The
 * doctoral eligibility review is one decision, which the school or the office may take.
 */
export const DEPARTMENT_REVIEWED_AREAS: readonly AdmissionArea[] = ['summerCamp', 'tms'];
export const departmentReviews = (area: AdmissionArea): boolean => DEPARTMENT_REVIEWED_AREAS.includes(area);

/**
 * Whether an area's applicants are admitted through the portal, and so appear on a proposed-admission
 * list (公示). A summer camp admits nobody: an outstanding camper is admitted, if at all, through
 * the national recommended-exemption system as a tuimian applicant.
 */
export const admitsStudents = (area: AdmissionArea): boolean => area !== 'summerCamp';

/**
 * The journey an applicant of a register type follows: its pages, calls and records. Hong Kong,
 * Macao and Taiwan doctoral applicants (type 4) keep the doctoral pages and records, on their own
 * cycle (CYCLE_AREA).
 */
export const JOURNEY_AREA: Readonly<Record<RegisterType, AdmissionArea>> = {
  [RegisterType.DOCTOR_ASSESSMENT]: 'doctor',
  [RegisterType.DOCTOR_SUCCESSIVE]: 'doctor',
  [RegisterType.SUMMER_CAMP]: 'summerCamp',
  [RegisterType.DOCTOR_HMT]: 'doctor',
  [RegisterType.TUIMIAN]: 'tms',
};

/**
 * The area whose configuration runs a register type's cycle: its registration window
 * (`registrationStart`/`registrationEnd`), stage windows, fee, releases and notes. Type 4 reads the
 * gat area's: Hong Kong, Macao and Taiwan applicants have their own cycle on the doctoral journey.
 */
export const CYCLE_AREA: Readonly<Record<RegisterType, AdmissionArea>> = {
  [RegisterType.DOCTOR_ASSESSMENT]: 'doctor',
  [RegisterType.DOCTOR_SUCCESSIVE]: 'doctor',
  [RegisterType.SUMMER_CAMP]: 'summerCamp',
  [RegisterType.DOCTOR_HMT]: 'gat',
  [RegisterType.TUIMIAN]: 'tms',
};

export const journeyAreaOf = (registerType: number): AdmissionArea | undefined => JOURNEY_AREA[registerType as RegisterType];
/** The registration window is the cycle's first stage: the same area. */
export const REGISTRATION_AREA = CYCLE_AREA;
export const registrationAreaOf = (registerType: number): AdmissionArea | undefined => CYCLE_AREA[registerType as RegisterType];
/** The cycle an applicant of this register type is on; undefined for a type that is none of ours. */
export const cycleAreaOf = (registerType: number): AdmissionArea | undefined => CYCLE_AREA[registerType as RegisterType];

const REGISTER_TYPE_LIST = Object.keys(CYCLE_AREA).map(Number) as RegisterType[];
/** The register types on a cycle: doctor → 1 and 2, gat → 4. */
export const registerTypesOfCycle = (cycle: AdmissionArea): RegisterType[] => REGISTER_TYPE_LIST.filter((t) => CYCLE_AREA[t] === cycle);
/** The journey that runs a cycle (gat → doctor); undefined for an area that is no cycle. */
export const journeyOfCycle = (cycle: AdmissionArea): AdmissionArea | undefined => {
  const type = registerTypesOfCycle(cycle)[0];
  return type === undefined ? undefined : JOURNEY_AREA[type];
};
/** The cycles a journey runs, its own first: the doctoral journey runs the doctor and the gat cycle. */
export const cyclesOfJourney = (journey: AdmissionArea): AdmissionArea[] => [
  ...new Set(REGISTER_TYPE_LIST.filter((t) => JOURNEY_AREA[t] === journey).map((t) => CYCLE_AREA[t])),
].sort((a, b) => (a === journey ? -1 : b === journey ? 1 : 0));

/** The applicant role whose menus an area's pages hang under (spec 6). */
export const AREA_ROLE: Readonly<Record<AdmissionArea, RoleKey>> = {
  doctor: 'zs_doctor',
  summerCamp: 'zs_master',
  tms: 'zs_master',
  gat: 'zs_doctor',
};
