import { NOTE_HTML } from '@gradus/contract';
import { Parser } from 'htmlparser2';

const TAGS = new Set<string>(NOTE_HTML.tags);
const VOID = new Set<string>(NOTE_HTML.voidTags);
const DROPPED = new Set<string>(NOTE_HTML.droppedWithContent);

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

function safeAttribute(tag: string, name: string, value: string): boolean {
  if (!(NOTE_HTML.attributes[tag] ?? []).includes(name)) return false;
  // Control characters and spaces inside a scheme ('java\tscript:') are how filters are fooled.
  const url = value.trim();
  if ([...url].some((c) => c.charCodeAt(0) < 0x20)) return false;
  if (tag === 'a' && name === 'href') return NOTE_HTML.link.test(url);
  if (tag === 'img' && name === 'src') return NOTE_HTML.picture.test(url) && !url.includes('..');
  return true;
}

/**
 * Notes as the portal keeps them: rebuilt from what a parser (the one browsers' rules follow) read,
 * keeping only NOTE_HTML's tags and attributes, every text escaped again. Scripts, styles, frames,
 * event handlers, comments and `javascript:` links are gone; an unknown tag is dropped but its text
 * kept. `removed` names what went, once each, for the office to be told.
 */
export function sanitizeNotes(html: string): { html: string; removed: string[] } {
  const out: string[] = [];
  const removed = new Set<string>();
  /** Inside a dropped element (a script): nothing is written until it closes. */
  let droppedDepth = 0;
  const open: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (droppedDepth > 0 || DROPPED.has(name)) {
          if (DROPPED.has(name)) removed.add(name);
          droppedDepth += 1;
          return;
        }
        for (const attribute of Object.keys(attributes)) {
          // A link's rel is always the portal's own (below): the one of a note saved before is not news.
          if (name === 'a' && attribute === 'rel') continue;
          if (!TAGS.has(name) || !safeAttribute(name, attribute, attributes[attribute] ?? '')) removed.add(attribute);
        }
        if (!TAGS.has(name)) {
          removed.add(name);
          return;
        }
        const kept = Object.entries(attributes)
          .filter(([attribute, value]) => safeAttribute(name, attribute, value))
          .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value.trim())}"`)
          .join('');
        // A picture whose source was refused would be an empty box: it goes entirely.
        if (name === 'img' && !kept.includes(' src=')) return;
        out.push(`<${name}${name === 'a' && kept ? `${kept} rel="noopener noreferrer"` : kept}>`);
        if (!VOID.has(name)) open.push(name);
      },
      ontext(text) {
        if (droppedDepth === 0) out.push(escapeText(text));
      },
      onclosetag(name) {
        if (droppedDepth > 0) {
          droppedDepth -= 1;
          return;
        }
        if (!TAGS.has(name) || VOID.has(name)) return;
        const at = open.lastIndexOf(name);
        if (at === -1) return;
        // Closing an outer tag closes whatever is still open inside it, as a browser would.
        for (const inner of open.splice(at).reverse()) out.push(`</${inner}>`);
      },
      oncomment() {
        removed.add('comment');
      },
      onprocessinginstruction() {
        // <!DOCTYPE ...> and the like: nothing a note needs.
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  for (const inner of open.reverse()) out.push(`</${inner}>`);
  return { html: out.join('').trim(), removed: [...removed] };
}
