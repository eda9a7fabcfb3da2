import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { PrismTheme } from 'prism-react-renderer';
import { kebab, styledTypes, tokenVariable } from '../src/codeHighlight/tokens';

type Style = Record<string, string | number | undefined>;

/** A theme's style for each token type, merged in the theme's order as prism-react-renderer merges it. */
function stylesByType(theme: PrismTheme): Map<string, Style> {
  const byType = new Map<string, Style>();
  for (const { types, style } of theme.styles) {
    for (const type of types) byType.set(type, { ...byType.get(type), ...(style as Style) });
  }
  return byType;
}

/**
 * The code colours of both modes as CSS. Each mode sets custom properties: the block's own colours (which the
 * theme's container reads) and each token type's style. One rule per token type applies them, so a rule holds
 * no colour and the mode switch is only the `data-theme` attribute. A token nested in several styled types
 * carries an inline style that picks among their properties (chainStyle in src/codeHighlight/tokens.ts).
 */
export function codeColorsCss(themes: { light: PrismTheme; dark: PrismTheme }): string {
  const styled = styledTypes([themes.light, themes.dark]);
  const rules = ['.prism-code { color: var(--prism-color); background-color: var(--prism-background-color); }'];
  for (const [mode, theme] of Object.entries(themes)) {
    const variables: string[] = [`--prism-color: ${theme.plain.color};`, `--prism-background-color: ${theme.plain.backgroundColor};`];
    for (const [type, style] of stylesByType(theme)) {
      for (const [property, value] of Object.entries(style)) {
        if (value !== undefined && value !== '') variables.push(`${tokenVariable(type, kebab(property))}: ${String(value)};`);
      }
    }
    rules.push(`[data-theme='${mode}'] { ${variables.join(' ')} }`);
  }
  for (const [type, properties] of styled) {
    rules.push(`.prism-code .token.${type} { ${properties.map((property) => `${property}: var(${tokenVariable(type, property)});`).join(' ')} }`);
  }
  return `${rules.join('\n')}\n`;
}

/**
 * Build-time code highlighting, the site side: Markdown code blocks come highlighted from the build
 * (plugins/rehype-code-tokens.ts, in the docs and pages options), so this plugin
 * writes their colours for both modes from `themeConfig.prism` as a stylesheet every page loads. Prism itself is
 * kept out of the main bundle by the patch `no-prism-at-startup` (website/patches/).
 */
export default function codeHighlight(context: LoadContext): Plugin {
  const { prism } = context.siteConfig.themeConfig as { prism: { theme: PrismTheme; darkTheme?: PrismTheme } };
  const stylesheet = join(context.generatedFilesDir, 'code-highlight', 'code-colors.css');
  return {
    name: 'code-highlight',
    async loadContent() {
      mkdirSync(join(context.generatedFilesDir, 'code-highlight'), { recursive: true });
      writeFileSync(stylesheet, codeColorsCss({ light: prism.theme, dark: prism.darkTheme ?? prism.theme }));
    },
    getClientModules: () => [stylesheet],
  };
}
