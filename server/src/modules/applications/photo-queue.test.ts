import type { PhotoQueueView } from '@gradus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../lib/passwords';
import { buildTestApp, call, DEMO_PASSWORD, signIn, type TestApp } from '../../../test/harness';
import { createStaff, setStaffScope } from '../user/repo';
import { PHOTO_CLAIM_MS } from './photo-queue';

/**
 * Two secretaries of one school working the photo queue at once, over real HTTP on the demo: each
 * is shown a photo the other does not have on screen; a photo left behind is free again at once,
 * and one left on a screen is free again once its claim runs out.
 */
let t: TestApp;
const tokens: Record<'first' | 'second', string> = { first: '', second: '' };
const next = (who: 'first' | 'second', skip: number[] = []) => call<PhotoQueueView>(t.app, '/mucgrs-service/staff/photos/next', { token: tokens[who], body: { skip }, lang: 'en' });

beforeAll(async () => {
  t = await buildTestApp({ seed: 'demo' });
  tokens.first = await signIn(t.app, 'secretary');
  const id = await createStaff(t.app.ctx.db, t.clock.now(), { loginName: 'secretary-cs-2', name: '林娜', passwordHash: await hashSecret(DEMO_PASSWORD), roleKeys: ['zs_dept'] });
  await setStaffScope(t.app.ctx.db, id, { departmentCodes: ['CS'], permissions: [] });
  const r = await call<{ token: string }>(t.app, '/api/v1/client/loginRecruit', {
    body: { loginName: 'secretary-cs-2', password: DEMO_PASSWORD, uuid: (await call<{ uuid: string }>(t.app, '/api/v1/client/RandomImage', { body: {} })).data.uuid, code: '2468' },
  });
  tokens.second = r.data.token;
});
afterAll(async () => t.close());

describe('the photo queue with two reviewers', () => {
  it('shows each reviewer a photo the other does not have on screen, until the claim runs out', async () => {
    const first = await next('first');
    expect(first.code, first.msg).toBe(0);
    expect(first.data.photo).not.toBeNull();
    const mine = first.data.photo!.materialId;

    const second = await next('second');
    expect(second.data.photo).not.toBeNull();
    expect(second.data.photo!.materialId).not.toBe(mine);
    // Asking again keeps one's own photo (a reload does not lose it).
    expect((await next('first')).data.photo!.materialId).toBe(mine);

    // The first reviewer skips it: it is free for the second at once.
    const skipped = await next('first', [mine]);
    expect(skipped.data.photo!.materialId).not.toBe(mine);
    expect((await next('second')).data.photo!.materialId).toBe(mine);

    // Left on a screen past the claim: free again.
    const held = (await next('first', [mine])).data.photo!.materialId;
    t.clock.advance(PHOTO_CLAIM_MS + 1);
    expect((await next('second', [mine])).data.photo!.materialId).toBe(held);
  });
});
