import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { decodeLines, highlight, linesShown, plainLines, type ColouredLine } from './tokens';

/** The build's colour runs for the code block being rendered (the `tokens` attribute of its `<code>`). */
export const CodeTokensContext = createContext<string | undefined>(undefined);

interface Shown {
  readonly code: string;
  readonly language: string;
  readonly lines: ColouredLine[];
}

/**
 * Colours a block the build did not highlight: plain at first (the same on the server and at hydration), then
 * coloured once the browser's Prism chunk has loaded. `code` undefined means there is nothing to do.
 */
function useBrowserHighlight(code: string | undefined, language: string): ColouredLine[] | undefined {
  const [shown, setShown] = useState<Shown>();
  useEffect(() => {
    if (code === undefined) return undefined;
    let current = true;
    void import('./browserHighlighter').then(({ highlighter }) => {
      if (current) setShown({ code, language, lines: highlight(highlighter, code, language) });
    });
    return () => {
      current = false;
    };
  }, [code, language]);
  if (code === undefined) return undefined;
  return shown && shown.code === code && shown.language === language ? shown.lines : plainLines(code);
}

/**
 * The coloured lines of a code block: `written` is its text as written, `shown` what the theme displays (without
 * the lines of highlight comments). The build's runs when they match the text; else the browser highlights.
 */
export function useColouredLines(written: string, shown: string, language: string): ColouredLine[] {
  const encoded = useContext(CodeTokensContext);
  const built = useMemo(() => {
    const lines = encoded === undefined ? undefined : decodeLines(encoded, written);
    return lines && linesShown(lines, shown);
  }, [encoded, written, shown]);
  const highlighted = useBrowserHighlight(built ? undefined : shown, language);
  return built ?? highlighted ?? plainLines(shown);
}
