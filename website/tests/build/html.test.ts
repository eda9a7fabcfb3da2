import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HtmlValidate, type Message } from 'html-validate';
import config, { knownThemeErrors } from '../../.htmlvalidate.mjs';
import { builtPages, notFoundPage } from './site';

/** True for a message the configuration lists as the OpenAPI theme's, on a page it lists it for. */
function isKnownThemeError(path: string, message: Message): boolean {
  return knownThemeErrors.some((known) => known.pages.test(path) && known.rule === message.ruleId && known.message === message.message);
}

describe('HTML of the production build', () => {
  it('has no html-validate error on any page (website/.htmlvalidate.mjs)', async () => {
    const validator = new HtmlValidate(config);
    const pages = [...(await builtPages()), notFoundPage()];
    const problems: string[] = [];
    let ignored = 0;
    for (const { file, path, html } of pages) {
      const report = await validator.validateString(html, file);
      for (const message of report.results.flatMap((result) => result.messages)) {
        if (isKnownThemeError(path, message)) {
          ignored += 1;
          continue;
        }
        problems.push(`${file}:${message.line}:${message.column} ${message.ruleId}: ${message.message} (at ${message.selector ?? 'document'})`);
      }
    }
    console.log(`html-validate: ${pages.length} pages, ${problems.length} problem(s), ${ignored} known OpenAPI theme error(s) ignored`);
    assert.deepEqual(problems, [], `html-validate found ${problems.length} problem(s)`);
  });
});
