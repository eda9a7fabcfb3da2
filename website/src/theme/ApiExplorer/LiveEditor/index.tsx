import React, { type ComponentProps } from 'react';
import LiveEditor from '@theme-original/ApiExplorer/LiveEditor';

/**
 * react-live, behind the request body editor, runs the editor's text as code after every change to render a
 * preview, which the explorer never shows. Under a Content-Security-Policy without `'unsafe-eval'` (the policy
 * `docent serve` sends) that run is blocked and reported as a violation. Giving react-live no code to run
 * (a transform that returns none) skips it; the editor and the request it sends are unchanged. Since react-live
 * never compiles, its compiler (sucrase) is a stand-in in the browser bundle (patches/dedupe-explorer-deps).
 */
const noPreview = (): null => null;

export default function LiveEditorWithoutPreview(props: ComponentProps<typeof LiveEditor>): React.JSX.Element {
  return <LiveEditor {...props} transformCode={noPreview} />;
}
