/** Markdown copies of answers and of the whole conversation, with their sources. Pure, except `download`. */
import type { Answer, PageLink } from '../../data/types.js';
import type { Message } from '../../state/types.js';
import { STRINGS } from '../../strings.js';

function sourcesMarkdown(answer: Answer): string {
  if (answer.citations.length === 0) return '';
  const lines = answer.citations.map((citation) => `${citation.number}. [${citation.title}](${citation.url})`);
  const related = answer.related?.length ? `\n\n${STRINGS.relatedPages}\n\n${pageList(answer.related)}` : '';
  return `\n\n${STRINGS.sources}:\n\n${lines.join('\n')}${related}`;
}

function pageList(pages: readonly PageLink[]): string {
  return pages.map((page) => `- [${page.title}](${page.url})`).join('\n');
}

/** One answer as Markdown: its text (or the not-covered note and the closest pages) and its sources. */
export function answerToMarkdown(answer: Answer): string {
  if (!answer.answered) {
    const pages = pageList(answer.closest);
    return pages ? `${STRINGS.notCovered}\n\n${STRINGS.closestPages}\n\n${pages}` : STRINGS.notCovered;
  }
  return `${answer.markdown.trim()}${sourcesMarkdown(answer)}`;
}

/** The conversation as a Markdown document. */
export function conversationToMarkdown(conversation: readonly Message[], assistantName: string, pageUrl?: string): string {
  const parts = [`# ${STRINGS.exportTitle(assistantName)}`];
  if (pageUrl) parts.push(`<${pageUrl}>`);
  for (const message of conversation) {
    if (message.role === 'user') {
      parts.push(`## ${STRINGS.exportQuestion}: ${message.text.replace(/\s+/g, ' ').trim()}`);
    } else if (message.status === 'done' && message.answer) {
      parts.push(`**${assistantName}:**\n\n${answerToMarkdown(message.answer)}`);
    } else if (message.status === 'error') {
      parts.push(`**${assistantName}:** ${STRINGS.answerFailed}`);
    }
  }
  return `${parts.join('\n\n')}\n`;
}

/** Saves `text` as a file through a temporary link (no server round trip, no inline script). */
export function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
