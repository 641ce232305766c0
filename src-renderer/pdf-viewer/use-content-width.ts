import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The inner width (less padding) of an element, measured before the first paint and again whenever
 * it is resized; null until measured. The pages' scroll area reserves its scrollbar's space
 * (`scrollbar-gutter: stable`), so pages appearing do not change it.
 */
export function useContentWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = (): void => {
      const style = getComputedStyle(element);
      setWidth(Math.max(0, element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
