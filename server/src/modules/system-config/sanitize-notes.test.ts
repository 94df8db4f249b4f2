import { describe, expect, it } from 'vitest';
import { DEMO_NOTICES } from '../../db/seed/demo-notices';
import { sanitizeNotes } from './sanitize-notes';

describe('notes: what the server keeps of the markup', () => {
  it('keeps the demo notes as they are written (headings, lists, paragraphs)', () => {
    for (const html of Object.values(DEMO_NOTICES)) {
      const once = sanitizeNotes(html);
      expect(once.removed).toEqual([]);
      expect(once.html).toContain('<h2>');
      // A second pass changes nothing: saving the notes again is not a change.
      expect(sanitizeNotes(once.html)).toEqual(once);
    }
  });

  it.each([
    ['a script and its text', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>', ['script']],
    ['an event handler', '<p onclick="steal()">Read me</p>', '<p>Read me</p>', ['onclick']],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>', ['href']],
    ['a scheme hidden by a tab', '<a href="java\tscript:alert(1)">x</a>', '<a>x</a>', ['href']],
    ['a frame', '<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>', ['iframe']],
    ['a style sheet', '<style>body{display:none}</style><p>ok</p>', '<p>ok</p>', ['style']],
    ['an outside picture (it would tell its host who read the notes)', '<img src="https://tracker.example/p.gif">', '', ['src']],
    ['an SVG with a script inside', '<svg><script>alert(1)</script></svg>ok', 'ok', ['script', 'svg']],
    ['a comment', '<!-- secret --><p>ok</p>', '<p>ok</p>', ['comment']],
    ['an unknown tag, whose text stays', '<div class="x">text</div>', 'text', ['class', 'div']],
  ])('removes %s', (_what, input, kept, removed) => {
    const out = sanitizeNotes(input);
    expect(out.html).toBe(kept);
    expect(out.removed.sort()).toEqual([...removed].sort());
  });

  it('keeps a web, mail or phone link (opened without giving the page a handle back) and a picture of the portal’s own', () => {
    expect(sanitizeNotes('<a href="https://grad.example.edu/brochure">brochure</a>').html).toBe('<a href="https://grad.example.edu/brochure" rel="noopener noreferrer">brochure</a>');
    expect(sanitizeNotes('<a href="mailto:yjszs@example.edu">mail</a>').html).toContain('href="mailto:yjszs@example.edu"');
    expect(sanitizeNotes('<img src="/zsData/download/map.png" alt="Campus map">').html).toBe('<img src="/zsData/download/map.png" alt="Campus map">');
    expect(sanitizeNotes('<img src="/zsData/../etc/passwd">').html).toBe('');
  });

  it('escapes text again, so an entity cannot become markup, and closes what was left open', () => {
    expect(sanitizeNotes('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more').html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>');
    expect(sanitizeNotes('<ol><li>one<li>two</ol>').html).toBe('<ol><li>one</li><li>two</li></ol>');
    expect(sanitizeNotes('<a href="https://x.example/?a=1&amp;b=&quot;2">x</a>').html).toBe('<a href="https://x.example/?a=1&amp;b=&quot;2" rel="noopener noreferrer">x</a>');
  });
});
