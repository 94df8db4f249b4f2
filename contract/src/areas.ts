import { RegisterType, type RoleKey } from './codes';

/**
 * The business areas an applicant's journey belongs to (spec 1: each has its own configuration).
 * This file and each area's own folder are the only places an area is named: generic code takes
 * the area as a value. The doctoral journey is the only one registered today; summer camp, tuimian
 * and Hong Kong/Macao/Taiwan arrive with issue #11.
 */
export const ADMISSION_AREAS = ['doctor', 'summerCamp', 'tms', 'gat'] as const;
export type AdmissionArea = (typeof ADMISSION_AREAS)[number];

export const DOCTOR_AREA: AdmissionArea = 'doctor';

/**
 * The journey an applicant of a register type follows. Hong Kong/Macao/Taiwan doctoral applicants
 * (type 4) follow the doctoral cycle (its stages, fee and releases) until their own journey exists.
 */
export const JOURNEY_AREA: Readonly<Record<RegisterType, AdmissionArea>> = {
  [RegisterType.DOCTOR_ASSESSMENT]: 'doctor',
  [RegisterType.DOCTOR_SUCCESSIVE]: 'doctor',
  [RegisterType.SUMMER_CAMP]: 'summerCamp',
  [RegisterType.DOCTOR_HMT]: 'doctor',
  [RegisterType.TUIMIAN]: 'tms',
};

/** The area whose registration window (`registrationStart`/`registrationEnd`) governs a register type. */
export const REGISTRATION_AREA: Readonly<Record<RegisterType, AdmissionArea>> = {
  [RegisterType.DOCTOR_ASSESSMENT]: 'doctor',
  [RegisterType.DOCTOR_SUCCESSIVE]: 'doctor',
  [RegisterType.SUMMER_CAMP]: 'summerCamp',
  [RegisterType.DOCTOR_HMT]: 'gat',
  [RegisterType.TUIMIAN]: 'tms',
};

export const journeyAreaOf = (registerType: number): AdmissionArea | undefined => JOURNEY_AREA[registerType as RegisterType];
export const registrationAreaOf = (registerType: number): AdmissionArea | undefined => REGISTRATION_AREA[registerType as RegisterType];

/** The applicant role whose menus an area's pages hang under (spec 6). */
export const AREA_ROLE: Readonly<Record<AdmissionArea, RoleKey>> = {
  doctor: 'zs_doctor',
  summerCamp: 'zs_master',
  tms: 'zs_master',
  gat: 'zs_doctor',
};
