import siteConfig from '@generated/docusaurus.config';
import type { PrismTheme } from 'prism-react-renderer';
import { styledTypes } from './tokens';

const { prism } = siteConfig.themeConfig as { prism: { theme: PrismTheme; darkTheme?: PrismTheme } };

/** The token types the site's code themes style (`themeConfig.prism`), as the build and the stylesheet see them. */
export const siteStyledTypes = styledTypes([prism.theme, prism.darkTheme ?? prism.theme]);
