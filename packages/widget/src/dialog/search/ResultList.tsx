/** @jsxRuntime automatic @jsxImportSource react */
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import type { ListOption } from '../../state/reducer.js';
import { STRINGS } from '../../strings.js';
import { Icon } from '../shared/icons.js';
import { Highlighted } from './Highlighted.js';

interface ResultListProps {
  readonly id: string;
  readonly options: readonly ListOption[];
  readonly activeIndex: number;
  readonly optionId: (index: number) => string;
  readonly onHover: (index: number) => void;
  /** A click on a row; `event` lets a result link keep the browser's own behavior (new tab with Ctrl or ⌘). */
  readonly onChoose: (index: number, event: MouseEvent) => void;
}

interface Group {
  readonly url: string;
  readonly title: string;
  readonly rows: Array<{ option: Extract<ListOption, { kind: 'section' }>; index: number }>;
}

function groupByPage(options: readonly ListOption[]): Group[] {
  const groups: Group[] = [];
  options.forEach((option, index) => {
    if (option.kind !== 'section') return;
    const last = groups[groups.length - 1];
    if (last && last.url === option.page.pageUrl) last.rows.push({ option, index });
    else groups.push({ url: option.page.pageUrl, title: option.page.pageTitle, rows: [{ option, index }] });
  });
  return groups;
}

/** The listbox the search input controls: the "Ask AI about" row, then results grouped by page. */
export function ResultList({ id, options, activeIndex, optionId, onHover, onChoose }: ResultListProps): ReactNode {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (activeIndex < 0) return;
    const root = listRef.current?.getRootNode() as Document | ShadowRoot | undefined;
    root?.getElementById?.(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, optionId]);

  const askIndex = options.findIndex((option) => option.kind === 'ask');
  const ask = options[askIndex];
  return (
    <div ref={listRef} id={id} role="listbox" aria-label={STRINGS.resultsLabel} className="docent-results" hidden={options.length === 0}>
      {ask?.kind === 'ask' && (
        <div
          id={optionId(askIndex)}
          role="option"
          aria-selected={activeIndex === askIndex}
          className="docent-option docent-ask-row"
          onMouseMove={() => activeIndex !== askIndex && onHover(askIndex)}
          onClick={(event) => onChoose(askIndex, event)}
        >
          <Icon name="sparkle" />
          <span className="docent-option-title">{STRINGS.askAbout(ask.query)}</span>
          <Icon name="arrow" className="docent-icon docent-option-action" />
        </div>
      )}
      {groupByPage(options).map((group, groupIndex) => (
        <div key={`${group.url}-${groupIndex}`} role="group" aria-labelledby={`${id}-group-${groupIndex}`} className="docent-result-group">
          <div id={`${id}-group-${groupIndex}`} className="docent-result-group-title" role="presentation">
            {group.title}
          </div>
          {group.rows.map(({ option, index }) => (
            <a
              key={`${option.section.url}-${index}`}
              id={optionId(index)}
              role="option"
              aria-selected={activeIndex === index}
              tabIndex={-1}
              href={option.section.url}
              className="docent-option docent-result"
              onMouseMove={() => activeIndex !== index && onHover(index)}
              onClick={(event) => onChoose(index, event)}
            >
              <Icon name={option.section.heading && option.section.heading !== option.page.pageTitle ? 'hash' : 'page'} />
              <span className="docent-result-text">
                {option.section.headingHtml ? (
                  <Highlighted className="docent-option-title" snippet={option.section.headingHtml} />
                ) : (
                  <span className="docent-option-title">{option.section.heading || option.page.pageTitle}</span>
                )}
                {option.section.breadcrumb.length > 1 && (
                  <span className="docent-result-breadcrumb">{option.section.breadcrumb.join(' › ')}</span>
                )}
                {option.section.snippet && <Highlighted className="docent-result-snippet" snippet={option.section.snippet} />}
              </span>
              <Icon name="enter" className="docent-icon docent-option-action" />
            </a>
          ))}
        </div>
      ))}
    </div>
  );
}
