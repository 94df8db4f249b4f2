import { DOUBLE_TAP_WINDOW_MS } from '@gradus/contract/codes';

/**
 * Blocks pinch zoom (two or more fingers) and double-tap zoom (a second tap within 300 ms) on
 * touch devices, as the spec requires. Returns an uninstall function.
 */
export function installTouchZoomGuard(doc: Document = document, now: () => number = () => Date.now()): () => void {
  let lastTouchEnd = 0;
  const onTouchStart = (e: TouchEvent) => {
    if (e.touches.length > 1) e.preventDefault();
  };
  const onTouchEnd = (e: TouchEvent) => {
    const time = now();
    if (time - lastTouchEnd <= DOUBLE_TAP_WINDOW_MS) e.preventDefault();
    lastTouchEnd = time;
  };
  const onGesture = (e: Event) => e.preventDefault();
  const opts: AddEventListenerOptions = { passive: false };
  doc.addEventListener('touchstart', onTouchStart, opts);
  doc.addEventListener('touchend', onTouchEnd, opts);
  doc.addEventListener('gesturestart', onGesture, opts);
  return () => {
    doc.removeEventListener('touchstart', onTouchStart);
    doc.removeEventListener('touchend', onTouchEnd);
    doc.removeEventListener('gesturestart', onGesture);
  };
}
