// Stands in for theme-common's `hooks/useCodeWordWrap` in the browser (see ./index.ts): the same export and
// answers. Whether a block scrolls sideways is read in a ResizeObserver's callback, which the browser runs right
// after its own layout, so reading the block's widths costs nothing; the theme read them in an effect, forcing a
// layout of the whole page in the middle of hydration. The observer also covers what the theme watched for with
// a resize listener and a mutation observer: a window resize, and a tab panel that becomes visible.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export interface CodeWordWrap {
  readonly codeBlockRef: RefObject<HTMLPreElement | null>;
  readonly isEnabled: boolean;
  readonly isCodeScrollable: boolean;
  readonly toggle: () => void;
}

export function useCodeWordWrap(): CodeWordWrap {
  const [isEnabled, setIsEnabled] = useState(false);
  /** Whether the code, unwrapped, is wider than its block. */
  const [overflows, setOverflows] = useState(false);
  const codeBlockRef = useRef<HTMLPreElement | null>(null);

  const toggle = useCallback(() => {
    const code = codeBlockRef.current?.querySelector('code');
    if (code) {
      if (isEnabled) {
        code.removeAttribute('style');
      } else {
        code.style.whiteSpace = 'pre-wrap';
        // Long words and strings wrap too, so a wrapped block never scrolls.
        code.style.overflowWrap = 'anywhere';
      }
    }
    setIsEnabled((enabled) => !enabled);
  }, [isEnabled]);

  useEffect(() => {
    const block = codeBlockRef.current;
    if (!block) return undefined;
    const observer = new ResizeObserver(() => setOverflows(block.scrollWidth > block.clientWidth));
    observer.observe(block);
    // The code's own box changes when wrapping turns on or off; the block's may not.
    const code = block.querySelector('code');
    if (code) observer.observe(code);
    return () => observer.disconnect();
  }, []);

  // Wrapped, the block keeps its button so that wrapping can be turned off again.
  return { codeBlockRef, isEnabled, isCodeScrollable: overflows || isEnabled, toggle };
}
