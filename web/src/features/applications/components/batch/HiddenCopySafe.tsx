import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * antd's table draws a hidden copy of every column title (aria-hidden) to measure the columns, so
 * the page's select-all checkbox would also sit, focusable, where no screen reader can name it. In
 * that copy the checkbox is taken out of the tab order; the visible one is left as it is.
 */
export function HiddenCopySafe({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const here = ref.current;
    if (!here?.closest('[aria-hidden="true"]')) return;
    for (const el of here.querySelectorAll<HTMLElement>('input, button, [tabindex]')) el.tabIndex = -1;
  });
  return <span ref={ref}>{children}</span>;
}
