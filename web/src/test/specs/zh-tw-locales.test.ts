import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { COMMAND, ROOT, OVERRIDES, staleWebFiles, toTaiwan, webFiles } from '../../../../scripts/locales-zh-tw';

/** web/src/locales/zh-TW is generated from zh-CN (scripts/locales-zh-tw.ts): committed files must match a fresh run. */
describe('Traditional Chinese messages', () => {
  it(`every zh-TW file is its zh-CN file converted (else: ${COMMAND})`, async () => {
    const expected = await webFiles();
    expect(expected.length).toBeGreaterThan(3);
    for (const file of expected) {
      const rel = path.relative(ROOT, file.path);
      const committed = fs.existsSync(file.path) ? fs.readFileSync(file.path, 'utf8') : `(${rel} is missing)`;
      expect(committed, `${rel} is out of date: run ${COMMAND}`).toBe(file.content);
    }
    expect(staleWebFiles(expected).map((p) => path.relative(ROOT, p)), `zh-TW files without a zh-CN source: run ${COMMAND}`).toEqual([]);
  });

  it('converts the text and leaves placeholders and tags alone', () => {
    expect(toTaiwan('请输入{{field}}。')).toBe('請輸入{{field}}。');
    expect(toTaiwan('<b>发布</b>{{发布}}')).toBe('<b>發布</b>{{发布}}');
    expect(toTaiwan('分数 < 60 或 > 100')).toBe('分數 < 60 或 > 100');
  });

  it('applies the overrides to what OpenCC gets wrong for an admissions portal', () => {
    expect(toTaiwan('资格审核')).toBe('資格審核');
    expect(toTaiwan('考生类型')).toBe('考生類型');
    expect(toTaiwan('确认后立即向考生发布。')).toBe('確認後立即向考生發布。');
    expect(toTaiwan('发布权限')).toBe('發布權限');
    expect(toTaiwan('账号')).toBe('帳號');
    expect(toTaiwan('退出登录')).toBe('登出');
    expect(toTaiwan('报考专业与导师')).toBe('報考專業與指導教授');
    expect(toTaiwan('请使用“忘记报名号”')).toBe('請使用「忘記報名號」');
    // An override's target is never itself rewritten by another one.
    for (const [, to] of OVERRIDES) for (const [from] of OVERRIDES) expect(to.includes(from), `${to} contains ${from}`).toBe(false);
  });
});
