/**
 * The request and response shapes of the REST operations that Docent's own clients call (the widget's connected
 * mode, the `docent` CLI, the Docusaurus plugin's analytics script), as packages/server/openapi.yaml defines them:
 * each type is named after its schema there. The server checks requests against that file; these types let the
 * clients write and read the same shapes. Types only, but for `projectEndpoint` and the widget settings' names.
 */
import type { OptionName } from './attributes/model.js';

/** `Problem` (RFC 9457): the body of every error response, and the data of a stream's `error` event. */
export interface ApiProblem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail?: string;
  readonly instance?: string;
}

/** `SearchFilter`. */
export interface ApiSearchFilter {
  readonly label: string;
  readonly path: string;
}

/** `WidgetSettings`: a project's widget settings in snake_case; `null` is "none" where the default is none. */
export interface ApiWidgetSettings {
  readonly header_title: string;
  readonly placeholder: string;
  readonly initial_message: string | null;
  readonly suggested_questions: readonly string[];
  readonly suggested_questions_title: string;
  readonly footer_text: string;
  readonly consent_text: string | null;
  readonly filters: readonly ApiSearchFilter[];
  readonly hide_sources: boolean;
  readonly hide_feedback: boolean;
  readonly hide_branding: boolean;
  readonly assistant_name: string;
  readonly assistant_avatar: string | null;
}

/**
 * Each widget setting and the widget option it sets (its attribute is the option's kebab-case name): the server
 * answers the option's default for a setting a project leaves unset, and the widget checks each setting as that
 * attribute.
 */
export const WIDGET_SETTING_OPTIONS = {
  header_title: 'headerTitle',
  placeholder: 'placeholder',
  initial_message: 'initialMessage',
  suggested_questions: 'suggestedQuestions',
  suggested_questions_title: 'suggestedQuestionsTitle',
  footer_text: 'footerText',
  consent_text: 'consentText',
  filters: 'filters',
  hide_sources: 'hideSources',
  hide_feedback: 'hideFeedback',
  hide_branding: 'hideBranding',
  assistant_name: 'assistantName',
  assistant_avatar: 'assistantAvatar',
} as const satisfies Record<keyof ApiWidgetSettings, OptionName>;

/** `Project`: `getProject`'s response. */
export interface ApiProject {
  readonly id: string;
  readonly name: string;
  readonly plan: string;
  readonly public: boolean;
  readonly answer_mode: 'llm' | 'extractive';
  readonly widget: ApiWidgetSettings;
  readonly source_count: number;
  readonly document_count: number;
  readonly section_count: number;
  readonly last_synced_at: string | null;
}

/** `searchProject`'s query parameters. */
export interface ApiSearchQuery {
  readonly q: string;
  readonly limit?: number;
  readonly per_page?: number;
  readonly path?: string;
}

/** `SearchResult`: one section, ranked. */
export interface ApiSearchResult {
  readonly url: string;
  readonly title: string;
  readonly heading: string | null;
  readonly breadcrumb: readonly string[];
  readonly snippet: string;
  readonly score: number;
}

/** `SearchPageSection`: a section under its page, its heading and snippet with the query's words in `<mark>`. */
export interface ApiSearchPageSection {
  readonly url: string;
  readonly heading: string | null;
  readonly heading_html: string | null;
  readonly breadcrumb: readonly string[];
  readonly snippet_html: string;
  readonly score: number;
}

/** `SearchPage`. */
export interface ApiSearchPage {
  readonly url: string;
  readonly title: string;
  readonly score: number;
  readonly sections: readonly ApiSearchPageSection[];
}

/** `SearchResults`: `searchProject`'s response. */
export interface ApiSearchResults {
  readonly query: string;
  readonly results: readonly ApiSearchResult[];
  readonly pages: readonly ApiSearchPage[];
}

/** `MessageRequest`: `sendMessage`'s body. */
export interface ApiMessageRequest {
  readonly question: string;
  readonly conversation_id?: string;
  readonly stream?: boolean;
}

/** `Citation`. */
export interface ApiCitation {
  readonly number: number;
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
}

/** The data of `AnswerStream`'s `sources` event, sent once before any text. */
export interface ApiAnswerSources {
  readonly conversation_id: string;
  readonly message_id: string;
  readonly citations: readonly ApiCitation[];
}

/** The data of `AnswerStream`'s `delta` event: the next piece of the Markdown answer. */
export interface ApiAnswerDelta {
  readonly text: string;
}

/** `Answer`: `sendMessage`'s JSON response, and the data of `AnswerStream`'s `done` event. */
export interface ApiAnswer extends ApiAnswerSources {
  readonly answer: string;
  readonly answered: boolean;
}

/** `PageFeedbackTarget` and `AnswerFeedbackTarget`. */
export type ApiFeedbackTarget =
  | { readonly type: 'page'; readonly url: string }
  | { readonly type: 'answer'; readonly message_id: string; readonly url?: string };

/** `FeedbackRequest`: `sendFeedback`'s body. */
export interface ApiFeedbackRequest {
  readonly target: ApiFeedbackTarget;
  readonly rating: 'up' | 'down';
  readonly comment?: string;
}

/** `FeedbackReceipt`. */
export interface ApiFeedbackReceipt {
  readonly id: string;
}

/** `Event`: one thing a reader did, for the project's analytics. */
export interface ApiEvent {
  readonly type: 'page_view' | 'search' | 'question' | 'open';
  readonly url: string;
  readonly timestamp: string;
  readonly properties?: Readonly<Record<string, string | number | boolean | null>>;
}

/** `EventsRequest`: `recordEvents`' body. */
export interface ApiEventsRequest {
  readonly events: readonly ApiEvent[];
}

/** `EventsRequest`'s `maxItems`: a larger batch is refused whole. */
export const MAX_EVENTS_PER_REQUEST = 50;

/** `EventsReceipt`. */
export interface ApiEventsReceipt {
  readonly accepted: number;
}

/** `SourceType`. */
export type ApiSourceType = 'url' | 'sitemap' | 'github' | 'file' | 'openapi' | 'private';

/** `Source`: `addSource`'s response (the `config` is the source type's; the CLI reads only the id). */
export interface ApiSource {
  readonly id: string;
  readonly type: ApiSourceType;
  readonly status: 'pending' | 'syncing' | 'ready' | 'failed';
  readonly config: Readonly<Record<string, unknown>>;
  readonly document_count: number;
  readonly created_at: string;
  readonly last_synced_at: string | null;
  readonly error: string | null;
  readonly sync_interval: string | null;
}

/** The project's operations, by the path after `/v1/projects/{projectId}`. */
export type ProjectOperationPath = '' | '/search' | '/messages' | '/feedback' | '/events' | '/sources';

/**
 * `{api-url}/v1/projects/{projectId}{path}`: where a client sends a project's operation. `apiUrl` is the server's
 * address (`/` when the server also serves the page); its trailing slashes are dropped.
 */
export function projectEndpoint(apiUrl: string, project: string, path: ProjectOperationPath = ''): string {
  return `${apiUrl.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(project)}${path}`;
}
