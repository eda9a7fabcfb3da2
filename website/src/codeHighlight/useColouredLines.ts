import { createContext, useContext, useEffect, useMemo, useState, type RefObject } from 'react';
import { whenNear } from '@site/src/nearViewport';
import { decodeLines, highlight, linesShown, plainLines, type ColouredLine } from './tokens';

/** The build's colour runs for the code block being rendered (the `tokens` attribute of its `<code>`). */
export const CodeTokensContext = createContext<string | undefined>(undefined);

interface Shown {
  readonly code: string;
  readonly language: string;
  readonly lines: ColouredLine[];
}

/** How far below the viewport a block starts loading Prism: one screen, so it is coloured before it scrolls in. */
const NEAR_VIEWPORT = '100% 0px';

/**
 * Colours a block the build did not highlight: undefined (shown plain) at first, the same on the server and at
 * hydration, then coloured once the block nears the viewport and the browser's Prism chunk has loaded: an API page
 * on a phone does not load and run Prism for samples the reader has not scrolled to. `code` undefined: nothing to do.
 */
function useBrowserHighlight(code: string | undefined, language: string, block: RefObject<Element | null>): ColouredLine[] | undefined {
  const [shown, setShown] = useState<Shown>();
  useEffect(() => {
    if (code === undefined) return undefined;
    let current = true;
    const stopWatching = whenNear(block.current, NEAR_VIEWPORT, () => {
      void import('./browserHighlighter').then(({ highlighter }) => {
        if (current) setShown({ code, language, lines: highlight(highlighter, code, language) });
      });
    });
    return () => {
      current = false;
      stopWatching();
    };
  }, [code, language, block]);
  return shown && shown.code === code && shown.language === language ? shown.lines : undefined;
}

/**
 * The coloured lines of a code block: `written` is its text as written, `shown` what the theme displays (without
 * the lines of highlight comments), `block` the element it renders into. The build's runs when they match the
 * text; else the browser highlights.
 */
export function useColouredLines(written: string, shown: string, language: string, block: RefObject<Element | null>): ColouredLine[] {
  const encoded = useContext(CodeTokensContext);
  const built = useMemo(() => {
    const lines = encoded === undefined ? undefined : decodeLines(encoded, written);
    return lines && linesShown(lines, shown);
  }, [encoded, written, shown]);
  const highlighted = useBrowserHighlight(built ? undefined : shown, language, block);
  // The same array from one render to the next, so the block's lines are not drawn again (CodeBlock/Content).
  const plain = useMemo(() => plainLines(shown), [shown]);
  return built ?? highlighted ?? plain;
}
