import { RoleKey, isMasterType } from '@gradus/contract';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/app-error';
import { authOf } from '../user/routes';

/**
 * The signed-in doctoral applicant a doctoral call acts for. Every doctoral record is looked up
 * by this user id: a client never names whose record it wants, so one applicant cannot reach
 * another's form, files, orders, tickets or scores by changing an id.
 */
export interface DoctorApplicant {
  userId: number;
  recruitYear: string;
  /** The configuration area of the applicant's register type: 'doctor' or 'gat' (HK/Macao/Taiwan). */
  area: 'doctor';
  registerType: number;
  applicantNumber: string;
  name: string;
}

export function doctorApplicantOf(request: FastifyRequest): DoctorApplicant {
  const auth = authOf(request);
  const { user } = auth;
  if (
    auth.activeRoleKey !== RoleKey.DOCTOR ||
    user.kind !== 'applicant' ||
    !user.userRegisterType ||
    isMasterType(user.userRegisterType) ||
    !user.recruitYear ||
    !user.applicantNumber
  ) {
    throw forbidden();
  }
  // All doctoral register types (1, 2, 4) share the doctor cycle: its stages, fee and releases.
  return {
    userId: auth.userId,
    recruitYear: user.recruitYear,
    area: 'doctor',
    registerType: user.userRegisterType,
    applicantNumber: user.applicantNumber,
    name: user.name,
  };
}
