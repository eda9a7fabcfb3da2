import { useDoc } from '@docusaurus/plugin-content-docs/client';

interface DocentFrontMatter {
  docent?: unknown;
}

/**
 * True when the current doc's front matter says `docent: false`. Such a doc is left out of the index and has no
 * Markdown copy, so it gets neither the "Copy page" button nor the page feedback block.
 */
export function useDocOptedOut(): boolean {
  const { frontMatter } = useDoc();
  return (frontMatter as DocentFrontMatter).docent === false;
}
