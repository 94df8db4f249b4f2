/**
 * The Traditional Chinese (zh-TW) catalogues are generated from the Simplified ones (zh-CN): OpenCC's
 * Simplified-to-Taiwan conversion with Taiwan phrases (s2twp), then the overrides below.
 *
 *   npm run locales:zh-TW              rewrites web/src/locales/zh-TW/ and server/src/locales/zh-TW.generated.ts
 *   npm run locales:zh-TW -- --check   only reports the files that are out of date (exit code 1)
 *
 * The web and server tests run these same functions and fail when a committed file differs, so a key
 * added to zh-CN without regenerating fails CI. Never edit the generated files: fix the Simplified
 * text, or add an override here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import OpenCC from 'opencc-js';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const COMMAND = 'npm run locales:zh-TW';
const HEADER = `// Generated from zh-CN by \`${COMMAND}\` (OpenCC, Taiwan phrases); do not edit.`;

export const WEB_SOURCE_DIR = path.join(ROOT, 'web/src/locales/zh-CN');
export const WEB_TARGET_DIR = path.join(ROOT, 'web/src/locales/zh-TW');
export const SERVER_TARGET = path.join(ROOT, 'server/src/locales/zh-TW.generated.ts');

/**
 * Applied to OpenCC's Taiwan output, longest match first. s2twp's phrase table is written for software
 * manuals: it turns 审核 (review) into 稽核 (audit), 类型 into 型別 (a data type), 发布 into 釋出, and
 * so on, which reads wrong in an admissions portal. [from, to]: from is Traditional, as OpenCC wrote it.
 */
export const OVERRIDES: readonly (readonly [string, string])[] = [
  ['稽核', '審核'], // 审核 review, not audit
  ['型別', '類型'], // 考生类型 kind of applicant, not a programming type
  ['釋出', '發布'], // 发布 publish (results, notes), not release software
  ['發佈', '發布'], // the form Taiwan's Ministry of Education prefers
  ['許可權', '權限'], // 权限 permissions
  ['程式碼', '代碼'], // 地区代码 area code, 简短代码 short code: not source code
  ['宣告', '聲明'], // 声明 declare (conflicts of interest), not declare a variable
  ['專案', '項目'], // 缴费项目, 评分表项目 items, not projects
  ['引數', '參數'], // 请求参数 request parameters, not function arguments
  ['涉及物件', '涉及對象'], // the audit log's subject, not an object
  ['退出登入', '登出'], // sign out
  ['賬', '帳'], // 帳號, 帳戶: Taiwan's form
  ['郵箱', '信箱'], // 电子邮箱 e-mail address: 電子信箱
  ['導師', '指導教授'], // a doctoral supervisor (導師 is a class tutor in Taiwan)
  ['下劃線', '底線'], // underscore
  ['連字元', '連字號'], // hyphen
  ['全屏', '全螢幕'], // full screen
  ['單元格', '儲存格'], // a spreadsheet cell
  ['計劃', '計畫'], // 发布计划, 研究计划: Taiwan's form of plan
  ['港澳臺', '港澳台'], // the usual writing of Hong Kong, Macao and Taiwan (港澳台居民居住证)
  ['臺灣', '台灣'], // as Taiwan's applicants write it day to day
  // Where OpenCC's segmentation splits a phrase wrongly:
  ['髮', '發'], // 向考生发布 came out as 考生髮 (hair): the portal never speaks of hair
  ['交併', '交並'], // 已提交并缴费 came out as 提交併 (merge)
  ['復制', '複製'], // 自行复制 came out as 自行復制
  ['覆試', '複試'], // 发布复试结果 came out as 發布覆試 (复试 is always the interview, 複試)
  // Quotation marks: 「」 outside, 『』 inside.
  ['“', '「'],
  ['”', '」'],
  ['‘', '『'],
  ['’', '』'],
];

const opencc = OpenCC.Converter({ from: 'cn', to: 'twp' });
const overrides = OpenCC.CustomConverter(OVERRIDES);

/** `{{param}}` placeholders and HTML tags pass through untouched; only the text between them is converted. */
const KEEP = /(\{\{[^{}]*\}\}|<\/?[A-Za-z][^<>]*>)/;

export function toTaiwan(text: string): string {
  return text
    .split(KEEP)
    .map((part, i) => (i % 2 === 1 ? part : overrides(opencc(part))))
    .join('');
}

/** Every string of a catalogue converted, keys and order unchanged. */
export function convertCatalogue(messages: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([key, value]) => [key, toTaiwan(value)]));
}

/** A single-quoted TypeScript string literal. */
function quote(s: string): string {
  const json = JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"');
  return `'${json.replace(/'/g, "\\'")}'`;
}

function objectLiteral(messages: Readonly<Record<string, string>>, indent: string): string {
  return Object.entries(messages)
    .map(([key, value]) => `${indent}${quote(key)}: ${quote(value)},\n`)
    .join('');
}

export interface GeneratedFile {
  /** Absolute path. */
  path: string;
  content: string;
}

/** A catalogue file holds `export default {...}`; core, portal and index only gather others, and are copied. */
const isGathering = (source: string): boolean => /^import /m.test(source);

/** One zh-TW file for each file of web/src/locales/zh-CN, in name order. */
export async function webFiles(): Promise<GeneratedFile[]> {
  const names = fs.readdirSync(WEB_SOURCE_DIR).filter((n) => n.endsWith('.ts')).sort();
  return Promise.all(
    names.map(async (name) => {
      const source = fs.readFileSync(path.join(WEB_SOURCE_DIR, name), 'utf8');
      let body: string;
      if (isGathering(source)) {
        body = source;
      } else {
        const mod = (await import(/* @vite-ignore */ pathToFileURL(path.join(WEB_SOURCE_DIR, name)).href)) as { default: Record<string, string> };
        body = `export default {\n${objectLiteral(convertCatalogue(mod.default), '  ')}} as Record<string, string>;\n`;
      }
      return { path: path.join(WEB_TARGET_DIR, name), content: `${HEADER}\n${body}` };
    }),
  );
}

/** The server's whole zh-TW catalogue, from its whole zh-CN one (`catalogues['zh-CN']` of server/src/locales). */
export function serverFile(zhCN: Readonly<Record<string, string>>): GeneratedFile {
  const content = `${HEADER}\n/** Every server message in Traditional Chinese, converted from the merged zh-CN catalogue (server/src/locales/index.ts). */\nexport const zhTW: Record<string, string> = {\n${objectLiteral(convertCatalogue(zhCN), '  ')}};\n`;
  return { path: SERVER_TARGET, content };
}

async function serverCatalogue(): Promise<Record<string, string>> {
  const mod = (await import(/* @vite-ignore */ pathToFileURL(path.join(ROOT, 'server/src/locales/index.ts')).href)) as { catalogues: Record<string, Record<string, string>> };
  const zhCN = mod.catalogues['zh-CN'];
  if (!zhCN) throw new Error('server/src/locales/index.ts has no zh-CN catalogue');
  return zhCN;
}

/** Files in web/src/locales/zh-TW that no longer have a zh-CN source. */
export function staleWebFiles(expected: readonly GeneratedFile[]): string[] {
  if (!fs.existsSync(WEB_TARGET_DIR)) return [];
  const wanted = new Set(expected.map((f) => path.basename(f.path)));
  return fs
    .readdirSync(WEB_TARGET_DIR)
    .filter((n) => !wanted.has(n))
    .map((n) => path.join(WEB_TARGET_DIR, n));
}

const readOrNull = (file: string): string | null => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);

async function main(check: boolean): Promise<number> {
  const files = [...(await webFiles()), serverFile(await serverCatalogue())];
  const changed = files.filter((f) => readOrNull(f.path) !== f.content);
  const stale = staleWebFiles(files);
  const rel = (p: string) => path.relative(ROOT, p);
  if (check) {
    for (const f of changed) console.error(`out of date: ${rel(f.path)}`);
    for (const p of stale) console.error(`no zh-CN source: ${rel(p)}`);
    if (changed.length || stale.length) console.error(`Run \`${COMMAND}\`.`);
    return changed.length || stale.length ? 1 : 0;
  }
  fs.mkdirSync(WEB_TARGET_DIR, { recursive: true });
  for (const f of changed) fs.writeFileSync(f.path, f.content);
  for (const p of stale) fs.rmSync(p);
  console.log(`zh-TW: ${files.length} files, ${changed.length} written, ${stale.length} removed.`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.includes('--check'));
}
