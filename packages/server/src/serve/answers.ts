/**
 * The engine's extractive answer in the shape of the API's `Answer`: absolute citation URLs (with the text
 * fragment of the cited words), each citation's passage as its snippet; when the docs do not cover the question,
 * the closest pages as the citations.
 */
import type { Answer as EngineAnswer } from '@docent/engine';
import { linkTo } from '../app/urls.js';

export interface ApiCitation {
  number: number;
  title: string;
  url: string;
  snippet: string;
}

export interface ApiAnswer {
  conversation_id: string;
  message_id: string;
  answer: string;
  answered: boolean;
  citations: ApiCitation[];
}

export function toApiAnswer(result: EngineAnswer, origin: string, ids: { conversation: string; message: string }): ApiAnswer {
  const citations: ApiCitation[] = result.answered
    ? result.citations.map((citation) => ({
        number: citation.number,
        title: citation.title,
        url: linkTo(origin, citation.url),
        snippet: result.sentences
          .filter((sentence) => sentence.citation === citation.number)
          .map((sentence) => sentence.text)
          .join(' '),
      }))
    : result.closest.map((page, position) => ({ number: position + 1, title: page.title, url: linkTo(origin, page.url), snippet: page.title }));
  return {
    conversation_id: ids.conversation,
    message_id: ids.message,
    answer: result.markdown,
    answered: result.answered,
    citations,
  };
}

/** The answer cut into the pieces a stream sends: a few words at a time, spaces kept, so the pieces join back exactly. */
export function answerPieces(markdown: string, wordsPerPiece = 4): string[] {
  const words = markdown.match(/\S+\s*/g) ?? [];
  const pieces: string[] = [];
  for (let at = 0; at < words.length; at += wordsPerPiece) pieces.push(words.slice(at, at + wordsPerPiece).join(''));
  const leading = /^\s*/.exec(markdown)?.[0] ?? '';
  if (leading && pieces.length) pieces[0] = `${leading}${pieces[0]}`;
  return pieces;
}
