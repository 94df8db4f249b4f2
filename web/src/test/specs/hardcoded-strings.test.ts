import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import en from '../../locales/en';

const SRC = join(import.meta.dirname, '../..');
/** Props whose string value a person reads or hears. */
const TEXT_PROPS = new Set([
  'title', 'placeholder', 'label', 'aria-label', 'alt', 'okText', 'cancelText', 'content', 'description', 'message',
  'tooltip', 'extra', 'subTitle', 'help', 'emptyText', 'aria-description', 'aria-valuetext',
]);
/** Words that are not language: brand and technical tokens. */
const ALLOWED = new Set(['Gradus']);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' || name === 'locales' ? [] : tsxFiles(path);
    return path.endsWith('.tsx') && !path.endsWith('.test.tsx') ? [path] : [];
  });
}

// A literal that is itself a translation key (route titles, menu names) is translated where it is shown.
const hasWords = (text: string) => /\p{L}{2,}/u.test(text) && !ALLOWED.has(text.trim()) && !(text in en);

function findHardCoded(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText())) {
      const init = node.initializer;
      const literal = init && ts.isStringLiteral(init) ? init : init && ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression) ? init.expression : null;
      if (literal && hasWords(literal.text)) found.push(`${where(node)} ${node.name.getText()}="${literal.text}"`);
    }
    // Object literals passed to antd (items, options, columns): label/title/content with a literal string.
    if (ts.isPropertyAssignment(node) && TEXT_PROPS.has(node.name.getText()) && ts.isStringLiteralLike(node.initializer) && hasWords(node.initializer.text)) {
      found.push(`${where(node)} ${node.name.getText()}: "${node.initializer.text}"`);
    }
    // Template literals and string expressions rendered as children: {'Text'}
    if (ts.isJsxExpression(node) && node.expression && ts.isStringLiteralLike(node.expression) && ts.isJsxElement(node.parent) && hasWords(node.expression.text)) {
      found.push(`${where(node)} child "${node.expression.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no hard-coded user-visible strings', () => {
  const files = tsxFiles(SRC);

  it('scans the components', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('every JSX text node and text prop goes through t()', () => {
    expect(files.flatMap(findHardCoded)).toEqual([]);
  });

  it('the scanner catches what it should (a test that cannot fail is a defect)', () => {
    const probe = join(import.meta.dirname, 'fixtures-probe.tsx');
    const text = 'export const A = () => <div title="Close me" aria-label={"Open"}>Hello world<input placeholder=\'Name\' /></div>;';
    const source = ts.createSourceFile(probe, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const hits: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isJsxText(node) && hasWords(node.text)) hits.push(node.text);
      if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText())) hits.push(node.name.getText());
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(hits).toEqual(['title', 'aria-label', 'Hello world', 'placeholder']);
  });
});
