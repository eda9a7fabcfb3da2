import type { WidgetOptions } from '@docent/contract/attributes';
import { createRemoteSource } from './remoteSource.js';
import { createStaticSource } from './staticSource.js';
import type { DataSource } from './types.js';

/**
 * The data source for an element's options: connected mode (a Docent server's API) when `api-url` is set, static
 * mode (the index file, searched and answered in the browser) otherwise. Only the dialog chunk imports this.
 */
export function sourceFor(options: Pick<WidgetOptions, 'indexUrl' | 'apiUrl' | 'project'> & { answerThreshold?: number }): DataSource {
  return options.apiUrl ? createRemoteSource(options.apiUrl, options.project) : createStaticSource(options.indexUrl, undefined, { answerThreshold: options.answerThreshold });
}

export type { Answer, AnswerStart, AskOptions, Citation, DataSource, Feedback, PageHit, PageLink, SectionHit } from './types.js';
