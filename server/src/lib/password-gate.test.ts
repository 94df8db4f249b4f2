import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { PasswordGate } from './password-gate';

describe('the password gate', () => {
  it('lets `concurrency` hash at once, queues up to `maxWaiting` in order, and turns the next away as busy at once', async () => {
    let refused = 0;
    const gate = new PasswordGate(1, 2, () => refused++);
    const order: string[] = [];
    const first = await gate.enter();
    const second = gate.enter().then((leave) => (order.push('second'), leave));
    const third = gate.enter().then((leave) => (order.push('third'), leave));
    const fourth = await gate.enter().catch((err: unknown) => err);
    expect(fourth).toBeInstanceOf(AppError);
    expect(fourth).toMatchObject({ code: 429, messageKey: 'error.busy', httpStatus: 429, retryAfterSeconds: 2 });
    expect(refused).toBe(1);
    first();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    // Everyone has left, leaving twice freed nothing extra: again one runs, two wait, the next is busy.
    first();
    const again = await gate.enter();
    const a = gate.enter();
    const b = gate.enter();
    await expect(gate.enter()).rejects.toMatchObject({ messageKey: 'error.busy' });
    again();
    (await a)();
    (await b)();
  });

  it('runs work in a place and gives it back when the work fails', async () => {
    const gate = new PasswordGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('hash failed')))).rejects.toThrow('hash failed');
    expect(await gate.run(async () => 'hashed')).toBe('hashed');
  });
});
