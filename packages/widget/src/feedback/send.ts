/**
 * Connected mode: `sendFeedback` (`POST {api-url}/v1/projects/{project}/feedback`, openapi.yaml). No cookies, no
 * credentials, no visitor id: only the page URL, the rating and the comment the reader typed.
 */
import { projectEndpoint, type ApiFeedbackRequest } from '@docent/contract/api';
import { FEEDBACK_STRINGS as STRINGS } from '../feedbackStrings.js';
import type { PageFeedbackDetail } from './model.js';

/** Long enough for a slow server, short enough that a reader is not left waiting on "Sending…". */
export const SEND_TIMEOUT_MS = 15_000;

export type FetchLike = (url: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status'>>;

/** Why the feedback was not recorded, in the reader's words; the element shows it with "Try again". */
export class FeedbackError extends Error {
  override name = 'FeedbackError';
}

export function feedbackEndpoint(apiUrl: string, project: string): string {
  return projectEndpoint(apiUrl, project, '/feedback');
}

/** Sends one rating; resolves when the server accepted it, rejects with a `FeedbackError` otherwise. */
export async function sendFeedback(
  apiUrl: string,
  project: string,
  detail: PageFeedbackDetail,
  fetcher: FetchLike = (url, init) => fetch(url, init),
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<void> {
  if (project === '') throw new FeedbackError(STRINGS.feedbackNoProject);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Pick<Response, 'ok' | 'status'>;
  try {
    response = await fetcher(feedbackEndpoint(apiUrl, project), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, application/problem+json' },
      body: JSON.stringify(detail satisfies ApiFeedbackRequest),
      credentials: 'omit',
      mode: 'cors',
      signal: controller.signal,
    });
  } catch {
    throw new FeedbackError(controller.signal.aborted ? STRINGS.feedbackTimedOut : STRINGS.feedbackUnreachable);
  } finally {
    clearTimeout(timer);
  }
  if (response.ok) return;
  throw new FeedbackError(response.status === 429 ? STRINGS.feedbackTooManyRequests : STRINGS.feedbackServerError(response.status));
}
