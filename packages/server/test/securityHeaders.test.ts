import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeAttribute, hashSource, inlineHashesOf, mergeInlineHashes } from '../src/serve/inlineHashes.js';
import { API_POLICY, FILE_POLICY, MAX_STYLE_HASHES, sitePolicy } from '../src/serve/securityHeaders.js';

// Computed outside this code (openssl dgst -sha256 -binary | base64), as a browser reports them.
const ALERT = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"; // alert(1)
const DISPLAY_NONE = "'sha256-biLFinpqYMtWHmXfkA1BPeCY0/fNt46SAZ+BBk5YUog='"; // display: none;
const TWO_LINES = "'sha256-fhj3NzEbLcOy8mndeDlrA1HxT7Zu+oefdoyyMYGIPHg='"; // a\nb
const RED_AMPERSAND = "'sha256-veof7NXJGoW6KQeJnXwZfKh3ugIbTJQCXEjciOJv/E8='"; // color:red;content:"&"

/** The sources of one directive of a policy. */
function directive(policy: string, name: string): string[] | undefined {
  const found = policy.split(';').map((part) => part.trim().split(/\s+/)).find(([key]) => key === name);
  return found?.slice(1);
}

describe('inline code hashes', () => {
  it('hashes an inline script as the browser does', () => {
    assert.equal(hashSource('alert(1)'), ALERT);
    assert.deepEqual(inlineHashesOf('<html><head><script>alert(1)</script></head></html>').scripts, [ALERT]);
  });

  it('hashes a script with CR LF line ends as the LF text the parser hands the browser', () => {
    assert.deepEqual(inlineHashesOf('<script>a\r\nb</script>').scripts, [TWO_LINES]);
    assert.deepEqual(inlineHashesOf('<script>a\rb</script>').scripts, [TWO_LINES]);
  });

  it('hashes scripts the browser runs, and leaves out external scripts and data blocks', () => {
    const html = [
      '<script src="/assets/main.js" defer></script>',
      '<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>',
      '<script type=text/template><p>never run</p></script>',
      '<script type="module">alert(1)</script>',
      '<SCRIPT TYPE="text/javascript">a\nb</SCRIPT>',
    ].join('');
    assert.deepEqual(inlineHashesOf(html).scripts, [ALERT, TWO_LINES]);
  });

  it('lists each script once however many times it appears', () => {
    assert.deepEqual(inlineHashesOf('<script>alert(1)</script><p>x</p><script>alert(1)</script>').scripts, [ALERT]);
  });

  it('reads style attributes quoted, single-quoted and unquoted, with character references decoded', () => {
    const html = `<svg style="display: none;"></svg><p style='display: none;'>x</p><span style=display:none>y</span><b style="color:red;content:&quot;&amp;&quot;">z</b>`;
    assert.deepEqual(inlineHashesOf(html).styles, [DISPLAY_NONE, hashSource('display:none'), RED_AMPERSAND]);
  });

  it('hashes <style> elements, and ignores comments and markup inside scripts', () => {
    const html = '<!-- <script>alert(2)</script> --><style>a\nb</style><script>document.body.innerHTML = "<div style=\\"x\\"></div>"</script>';
    const hashes = inlineHashesOf(html);
    assert.deepEqual(hashes.styles, [TWO_LINES]);
    assert.equal(hashes.scripts.length, 1);
    assert.notEqual(hashes.scripts[0], hashSource('alert(2)'));
  });

  it('finds the end of a tag after a quoted value holding ">"', () => {
    assert.deepEqual(inlineHashesOf('<a title="1 > 0" style="display: none;">x</a><script>alert(1)</script>'), { scripts: [ALERT], styles: [DISPLAY_NONE] });
  });

  it('decodes numeric and common named character references and keeps unknown ones', () => {
    assert.equal(decodeAttribute('&#65;&#x42;&lt;&gt;&apos;&unknown;'), "AB<>'&unknown;");
  });

  it('merges the hashes of many pages, each once', () => {
    const merged = mergeInlineHashes([
      { scripts: [ALERT], styles: [] },
      { scripts: [ALERT, TWO_LINES], styles: [DISPLAY_NONE] },
    ]);
    assert.deepEqual(merged, { scripts: [ALERT, TWO_LINES], styles: [DISPLAY_NONE] });
  });
});

describe('the Content-Security-Policy', () => {
  const policy = sitePolicy({ scripts: [ALERT], styles: [DISPLAY_NONE] });

  it('allows scripts from the site and the listed inline scripts only: never unsafe-inline or unsafe-eval', () => {
    assert.deepEqual(directive(policy, 'script-src'), ["'self'", ALERT]);
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/);
  });

  it('allows the listed inline styles, attributes included, by hash', () => {
    assert.deepEqual(directive(policy, 'style-src'), ["'self'", "'unsafe-hashes'", DISPLAY_NONE]);
  });

  it('keeps everything else to the site itself, and who may frame it', () => {
    assert.deepEqual(directive(policy, 'default-src'), ["'self'"]);
    assert.deepEqual(directive(policy, 'connect-src'), ["'self'"]);
    assert.deepEqual(directive(policy, 'img-src'), ["'self'", 'data:']);
    assert.deepEqual(directive(policy, 'object-src'), ["'none'"]);
    assert.deepEqual(directive(policy, 'base-uri'), ["'self'"]);
    assert.deepEqual(directive(policy, 'form-action'), ["'self'"]);
    assert.deepEqual(directive(policy, 'frame-ancestors'), ["'self'"]);
  });

  it('allows no inline code at all for the site files that are not pages', () => {
    assert.deepEqual(directive(FILE_POLICY, 'script-src'), ["'self'"]);
    assert.deepEqual(directive(FILE_POLICY, 'style-src'), ["'self'"]);
  });

  it('falls back to unsafe-inline for styles only when a site has too many inline styles to list', () => {
    const styles = Array.from({ length: MAX_STYLE_HASHES + 1 }, (_, at) => hashSource(`margin: ${at}px`));
    const crowded = sitePolicy({ scripts: [ALERT], styles });
    assert.deepEqual(directive(crowded, 'style-src'), ["'self'", "'unsafe-inline'"]);
    assert.deepEqual(directive(crowded, 'script-src'), ["'self'", ALERT]);
    const listed = sitePolicy({ scripts: [], styles: styles.slice(1) });
    assert.equal(directive(listed, 'style-src')?.length, MAX_STYLE_HASHES + 2);
  });

  it('lets API answers load and be framed by nothing', () => {
    assert.deepEqual(directive(API_POLICY, 'default-src'), ["'none'"]);
    assert.deepEqual(directive(API_POLICY, 'frame-ancestors'), ["'none'"]);
  });
});
