import { ReplyCode, isMasterType, type RegisterType } from '@gradus/contract';
import type { z } from 'zod';
import type { registerRequest } from '@gradus/contract';
import type { AppContext, ClientInfo } from '../../context';
import { isUniqueViolation } from '../../db/dialect';
import { AppError } from '../../lib/app-error';
import { hashSecret, normalizeAnswer } from '../../lib/passwords';
import { audit } from '../audit/service';
import { consumeCaptcha } from '../captcha/service';
import { isRegistrationOpen } from '../system-config/service';
import { createApplicant, currentRecruitYear } from '../user/repo';
import { guardClient } from './throttle';

type RegisterInput = z.output<typeof registerRequest>;

export async function registerApplicant(
  ctx: AppContext,
  input: RegisterInput,
  client: ClientInfo,
): Promise<{ registerNo: string } | { candidateNo: string }> {
  await guardClient(ctx, 'register', client);
  // A place to hash in first (lib/password-gate.ts): a registration turned away as busy keeps its captcha.
  return ctx.passwords.run(() => register(ctx, input, client));
}

async function register(ctx: AppContext, input: RegisterInput, client: ClientInfo): Promise<{ registerNo: string } | { candidateNo: string }> {
  const { db, clock } = ctx;
  await consumeCaptcha(db, clock.now(), input.uuid, input.code);
  const type = input.userRegisterType as RegisterType;
  if (!(await isRegistrationOpen(db, type, clock.now()))) {
    throw new AppError(ReplyCode.CONFLICT, 'error.registrationClosed');
  }
  const year = await currentRecruitYear(db);
  if (!year) throw new AppError(ReplyCode.CONFLICT, 'error.registrationClosed');
  const exists = await db
    .selectFrom('app_user')
    .select('id')
    .where('recruit_year', '=', year)
    .where('user_register_type', '=', type)
    .where('id_number', '=', input.idNumber)
    .executeTakeFirst();
  if (exists) throw new AppError(ReplyCode.ACCOUNT_EXISTS, 'error.accountExists');

  // Hash outside the transaction: it is the slow part and needs no lock.
  const [passwordHash, answerHash] = await Promise.all([
    hashSecret(input.password),
    hashSecret(normalizeAnswer(input.securityAnswer)),
  ]);
  const now = clock.now();
  try {
    const { number, userId } = await createApplicant(db, now, {
      registerType: type,
      recruitYear: year,
      name: input.name,
      idType: input.idType,
      idNumber: input.idNumber,
      sex: input.sex,
      email: input.email,
      mobile: input.mobile,
      passwordHash,
      securityQuestion: input.securityQuestion,
      securityAnswerHash: answerHash,
    });
    await audit(db, now, 'register', { userId, subject: number, ip: client.ip, detail: { type } });
    return isMasterType(type) ? { candidateNo: number } : { registerNo: number };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ReplyCode.ACCOUNT_EXISTS, 'error.accountExists');
    throw err;
  }
}
