import { randomUUID } from 'node:crypto';
import { CAPTCHA_TTL_MS, ReplyCode } from '@gradus/contract';
import svgCaptcha from 'svg-captcha';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';

/** The module itself draws a given text; its typings only declare `create`. */
const drawText = svgCaptcha as unknown as (text: string, options: Record<string, unknown>) => string;

/**
 * Captcha answers live in the database (shared by every app instance), hashed, for two minutes,
 * and are single-use: checking one consumes it whether the answer was right or not.
 */
export async function issueCaptcha(db: DB, now: number, testCode?: string): Promise<{ uuid: string; img: string }> {
  // With CAPTCHA_TEST_CODE (tests only) the answer is fixed; the picture still shows it.
  const picture = testCode
    ? { text: testCode, data: drawText(testCode, { noise: 2, color: true, background: '#f3f6fb' }) }
    : svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f3f6fb' });
  const answer = picture.text;
  const svg = picture.data;
  const uuid = randomUUID();
  await db
    .insertInto('captcha')
    .values({ uuid, answer_hash: hashToken(answer.toLowerCase()), expires_at: now + CAPTCHA_TTL_MS, used_at: null })
    .execute();
  // Expired answers are of no use to anyone: clear them as new ones are made.
  if (Math.random() < 0.05) await db.deleteFrom('captcha').where('expires_at', '<', now - CAPTCHA_TTL_MS).execute();
  return { uuid, img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

export async function consumeCaptcha(db: DB, now: number, uuid: string, code: string): Promise<void> {
  const row = await db
    .updateTable('captcha')
    .set({ used_at: now })
    .where('uuid', '=', uuid)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('answer_hash')
    .executeTakeFirst();
  if (!row || row.answer_hash !== hashToken(code.trim().toLowerCase())) {
    throw new AppError(ReplyCode.CAPTCHA_WRONG, 'error.captchaWrong');
  }
}
