import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnswerGrounding, groundAnswer } from '../src/index.js';

const SECTIONS = [
  'Retries. Failed webhook deliveries are retried five times with exponential backoff.',
  'Webhooks. Acme sends a webhook for every order. Configure the endpoint in docent.config.json:\n{ "webhook": { "url": "https://example.com/hook", "secret": "…" } }',
];

describe('grounding a model answer', () => {
  it('keeps sentences that cite a given section and say what it says', () => {
    const result = groundAnswer('Failed webhook deliveries are retried five times [1]. Acme sends a webhook for every order [2].', SECTIONS);
    assert.equal(result.markdown, 'Failed webhook deliveries are retried five times [1]. Acme sends a webhook for every order [2].');
    assert.deepEqual(result.cited, [1, 2]);
    assert.deepEqual([result.checked, result.dropped], [2, 0]);
  });

  it('drops a sentence without a citation, and one that cites a section that was not given', () => {
    const result = groundAnswer('Deliveries are retried five times with backoff [1]. Acme also offers a premium support plan. Webhooks are signed with SHA-512 [7].', SECTIONS);
    assert.equal(result.markdown, 'Deliveries are retried five times with backoff [1].');
    assert.deepEqual(result.cited, [1]);
    assert.deepEqual([result.checked, result.dropped], [3, 2]);
  });

  it('drops a sentence its cited section does not support, and removes markers of sections not given', () => {
    const result = groundAnswer('Acme retries every delivery hourly for a week using a queue [1]. Failed deliveries are retried five times [1][9].', SECTIONS);
    assert.equal(result.markdown, 'Failed deliveries are retried five times [1].');
    assert.deepEqual([result.checked, result.dropped], [2, 1]);
  });

  it('keeps a short cited sentence, and a code block one section holds, while a made-up block goes', () => {
    const answer = ['Yes [2].', '', '```json', '{ "webhook": { "url": "https://example.com/hook" } }', '```', '', '```sh', 'acme-cli purge --everything --force now', '```', ''].join('\n');
    const result = groundAnswer(answer, SECTIONS);
    assert.equal(result.markdown, 'Yes [2].\n\n```json\n{ "webhook": { "url": "https://example.com/hook" } }\n```');
    assert.deepEqual([result.checked, result.dropped], [3, 1]);
  });

  it('keeps the list structure when an item loses its first sentence', () => {
    const answer = '- Acme sells hats and scarves online [1]. Deliveries are retried five times [1].\n- Acme sends a webhook for every order [2].\n';
    assert.equal(groundAnswer(answer, SECTIONS).markdown, '- Deliveries are retried five times [1].\n- Acme sends a webhook for every order [2].');
  });

  it('does not split at abbreviations or version numbers, and takes a marker written after the full stop', () => {
    const result = groundAnswer('Acme sends a webhook, e.g. for every order, as set in docent.config.json. [2] Deliveries are retried five times. [1]', SECTIONS);
    assert.equal(result.markdown, 'Acme sends a webhook, e.g. for every order, as set in docent.config.json. [2] Deliveries are retried five times. [1]');
    assert.deepEqual([result.checked, result.dropped], [2, 0]);
  });

  it('lets a streamed answer through a sentence at a time, never a dropped one', () => {
    const grounding = new AnswerGrounding(SECTIONS);
    const shown: string[] = [];
    for (const piece of ['Failed deliveries are ', 'retried five times [1]', '. Acme sells ', 'hats online [1]. Acme sends a ', 'webhook for every order [2].']) shown.push(grounding.push(piece));
    shown.push(grounding.end());
    assert.deepEqual(shown, ['', '', 'Failed deliveries are retried five times [1]. ', '', '', 'Acme sends a webhook for every order [2].']);
    assert.equal(grounding.result().markdown, 'Failed deliveries are retried five times [1]. Acme sends a webhook for every order [2].');
  });
});
