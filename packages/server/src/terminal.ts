/**
 * Text from readers (questions, searches, comments, request paths) made safe for one line of a terminal or a log:
 * control characters and line breaks become spaces, so such text cannot move the cursor, set the terminal's
 * title or forge lines of a report or log.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
}
