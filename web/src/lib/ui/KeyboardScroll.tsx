import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A table wider than a phone scrolls sideways. When its rows hold nothing focusable (a log), a
 * keyboard user could not reach that scroll (WCAG 2.1.1; axe's scrollable-region-focusable): the
 * table's scroller becomes a labelled region that takes focus, so the arrow keys scroll it.
 */
export function KeyboardScroll({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  // After every render: the table draws its scroller itself, and may draw it anew.
  useEffect(() => {
    for (const scroller of box.current?.querySelectorAll<HTMLElement>('.ant-table-content') ?? []) {
      scroller.tabIndex = 0;
      scroller.setAttribute('role', 'region');
      scroller.setAttribute('aria-label', label);
    }
  });
  return <div ref={box}>{children}</div>;
}
