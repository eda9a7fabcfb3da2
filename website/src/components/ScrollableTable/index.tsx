import React, { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';

/**
 * A table as the theme styles it (its own horizontal scroll when wider than the column), reachable by keyboard
 * while it scrolls: keyboard users focus it, then scroll it with the arrow keys (WCAG 2.1.1). A table that fits
 * takes no tab stop.
 */
export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  const table = useRef<HTMLTableElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = table.current;
    if (!element) return undefined;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return <table {...props} ref={table} tabIndex={scrolls ? 0 : undefined} />;
}
