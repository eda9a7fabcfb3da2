/** A project as the server stores it: its settings, widget settings and limits (administration/projects and administration/roles). */
import type { RateLimit } from '../serve/rateLimit.js';

export type CustomPrompt = { kind: 'instructions'; text: string } | { kind: 'template'; text: string };

export interface SearchFilter {
  label: string;
  path: string;
}

/** Widget settings stored on the server, in the API's snake_case; each one unset means the widget's default. */
export interface WidgetSettings {
  header_title?: string;
  placeholder?: string;
  initial_message?: string | null;
  suggested_questions?: string[];
  suggested_questions_title?: string;
  footer_text?: string;
  consent_text?: string | null;
  filters?: SearchFilter[];
  hide_sources?: boolean;
  hide_feedback?: boolean;
  hide_branding?: boolean;
  assistant_name?: string;
  assistant_avatar?: string | null;
}

/** The limits a plan sets; a project's own limits override its plan's. */
export interface Limits {
  /** Messages the whole project may answer per calendar month (UTC). */
  monthlyMessages?: number;
  /** Messages one visitor may send per window. */
  visitorMessages?: RateLimit;
  /** Feedback requests one visitor may send per window. */
  visitorFeedback?: RateLimit;
  /** Events one visitor may record per window (a batch of 50 counts 50). */
  visitorEvents?: RateLimit;
  /** Bytes of feedback and events the whole project may store per UTC day. */
  dailyStorageBytes?: number;
}

export interface ProjectLimits extends Limits {
  plan?: string;
}

export interface ProjectSettings {
  name: string;
  public: boolean;
  allowedOrigins: string[];
  prompt?: CustomPrompt;
  widget: WidgetSettings;
  limits: ProjectLimits;
  /** Events, searches and conversations older than this many days are deleted (default DEFAULT_RETENTION_DAYS). */
  retentionDays?: number;
  /** Sync every source this often; unset: only when asked. */
  syncIntervalMs?: number;
  /**
   * Groups of words that mean the same to the project's readers, which searches expand to; unset: the synonyms of
   * the served site's index for the project bound to --site, none for the others.
   */
  synonyms?: string[][];
}

/** How long readers' events, searches and conversations are kept when a project sets nothing. */
export const DEFAULT_RETENTION_DAYS = 365;

export interface Project extends ProjectSettings {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** The project-id rule is the contract's, shared with the widget and the plugin. */
export { PROJECT_ID, PROJECT_ID_RULE } from '@docent/contract/projectId';

export const BUILT_IN_PLANS: readonly string[] = ['free', 'team', 'unlimited'];
