/**
 * Why a repository could not be read, in words for the source's owner: the Git client's errors name HTTP statuses and
 * protocol details, the owner needs to know whether to fix the name, the token or the network policy.
 */
import { Errors } from 'isomorphic-git';
import { FetchError } from '../../net/guardedFetch.js';
import { authorizationOf } from './http.js';

export function explainGitFailure(error: unknown, repository: string, token: string | null): string {
  const cause = fetchErrorIn(error);
  if (cause) return `The repository ${repository} could not be fetched: ${cause.message}`;

  if (error instanceof Errors.HttpError) {
    const status = error.data.statusCode;
    if ((status === 401 || status === 403) && token !== null) {
      return `The repository ${repository} could not be read with the stored token (HTTP ${status}): the token is wrong, expired, or cannot read this repository.`;
    }
    // GitHub answers 401 for a private repository without credentials, and 404 for one a token cannot see.
    if (status === 401 || status === 403 || status === 404) {
      return token === null
        ? `The repository ${repository} was not found, or it is private: check the name, or add a token that can read it.`
        : `The repository ${repository} was not found, or the stored token cannot read it: check the name and the token's access.`;
    }
    return `The repository ${repository} could not be fetched: the server answered HTTP ${status} ${error.data.statusMessage}`.trimEnd();
  }
  if (error instanceof Errors.SmartHttpError) {
    return `${repository} did not answer like a Git server: check that it is the repository's clone URL.`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `The repository ${repository} could not be read: ${withoutToken(message, token)}`;
}

/** isomorphic-git passes a transport error through, sometimes as the `caller`-tagged original, sometimes wrapped. */
function fetchErrorIn(error: unknown): FetchError | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof FetchError) return current;
    current = current.cause;
  }
  return null;
}

/** Belt and braces: no message built from a library's error text may carry the token, raw or encoded. */
function withoutToken(message: string, token: string | null): string {
  if (token === null || token === '') return message;
  return message.split(token).join('***').split(authorizationOf(token).slice('Basic '.length)).join('***');
}
