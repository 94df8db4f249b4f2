/**
 * Benchmark 1: a signed-in getUserInfo against bare node:http answering the same bytes. The
 * baseline is the fastest a Node process can answer this reply at all; the ratio is the share of
 * that Gradus keeps after routing, helmet, the session lookup and the queries behind the reply.
 */
import { CAPTCHA_CODE, PATHS, postJson, signIn } from './gradus-client';
import { load, perSecond } from './load';
import { profiled, startServer, withCpu, type RunningServer } from './servers';
import { GOALS, settings } from './settings';
import type { Comparison } from './stats';

const say = (line: string) => console.log(`  ${line}`);

export async function benchUserInfo(database: { label: string; url?: string }): Promise<Comparison> {
  const gradus = await startServer({ kind: 'gradus', captchaCode: CAPTCHA_CODE, ...(database.url ? { databaseUrl: database.url } : {}) });
  let plain: RunningServer | undefined;
  try {
    const token = await signIn(gradus.url);
    const { envelope, text } = await postJson(gradus.url + PATHS.userInfo, undefined, token);
    if (envelope.code !== 0) throw new Error(`getUserInfo failed before the run: ${envelope.code} ${envelope.msg}`);
    const baseline = await startServer({ kind: 'plain', body: text });
    plain = baseline;

    // The very same request for both: a POST with the bearer token and no body.
    const request = { method: 'POST', headers: { authorization: `Bearer ${token}` } };
    const hit = (server: RunningServer, duration?: number) => load({ url: server.url + PATHS.userInfo, ...request, ...(duration ? { duration } : {}) });

    await hit(baseline, settings.warmupSeconds);
    await hit(gradus, settings.warmupSeconds);

    const result: Comparison = {
      title: 'Signed-in getUserInfo',
      database: database.label,
      baselineLabel: 'node:http, same bytes',
      subjectLabel: 'Gradus',
      unit: { baseline: 'req/s', subject: 'req/s' },
      baseline: [],
      subject: [],
      goal: GOALS.userInfo,
      cpu: { baseline: [], subject: [] },
      note: `reply body ${Buffer.byteLength(text)} bytes`,
    };
    for (let round = 1; round <= settings.rounds; round++) {
      const base = await withCpu(baseline, PATHS.userInfo, () => hit(baseline));
      // Profiling (BENCH_PROFILE=1) covers the first subject run only.
      const measured = await withCpu(gradus, PATHS.userInfo, () =>
        round === 1 ? profiled(gradus, `user-info-${database.label.toLowerCase()}`, () => hit(gradus)) : hit(gradus),
      );
      const subject = measured.result;
      // Errors come back as HTTP 200 with a short {code, msg}: a reply shorter than the body means the run measured errors.
      const bytesPerReply = subject.throughput.total / subject.requests.total;
      if (subject.errors || subject.non2xx || bytesPerReply < Buffer.byteLength(text)) {
        throw new Error(`getUserInfo run ${round} returned errors (${subject.errors} errors, ${subject.non2xx} non-2xx, ${bytesPerReply.toFixed(0)} bytes/reply)`);
      }
      result.baseline.push(perSecond(base.result));
      result.subject.push(perSecond(subject));
      result.cpu.baseline.push(base.cpuPerRequest);
      result.cpu.subject.push(measured.cpuPerRequest);
      say(
        `round ${round}: node:http ${perSecond(base.result).toFixed(0)} req/s (${base.cpuPerRequest.toFixed(0)} µs CPU/req), ` +
          `Gradus ${perSecond(subject).toFixed(0)} req/s (${measured.cpuPerRequest.toFixed(0)} µs CPU/req)`,
      );
    }
    return result;
  } finally {
    await plain?.stop();
    await gradus.stop();
  }
}
