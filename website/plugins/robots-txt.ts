import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** What robots.txt says: every crawler may read every page, and the sitemap is here. */
export function robotsTxt(sitemapUrl: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${sitemapUrl}`, ''].join('\n');
}

/**
 * Writes robots.txt after the build. It cannot be a static file: the Sitemap line must be an absolute URL,
 * and the site's URL comes from SITE_URL at build time.
 */
export default function robotsTxtPlugin(): Plugin {
  return {
    name: 'robots-txt',
    async postBuild({ siteConfig, outDir }) {
      const sitemapUrl = new URL(`${siteConfig.baseUrl}sitemap.xml`, siteConfig.url).href;
      await writeFile(join(outDir, 'robots.txt'), robotsTxt(sitemapUrl));
    },
  };
}
