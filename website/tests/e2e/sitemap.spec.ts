import { ROUTES } from '../routes';
import { expect, test } from './fixtures';

test('the sitemap lists every route, daily at priority 0.5, and no tag pages', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = '']) => ({
    path: new URL(/<loc>(.*?)<\/loc>/.exec(body)?.[1] ?? '').pathname,
    changefreq: /<changefreq>(.*?)<\/changefreq>/.exec(body)?.[1],
    priority: /<priority>(.*?)<\/priority>/.exec(body)?.[1],
  }));
  const paths = entries.map((entry) => entry.path).sort();
  expect(paths).toEqual(ROUTES.map((route) => route.path).sort());
  for (const entry of entries) {
    expect(entry, entry.path).toMatchObject({ changefreq: 'daily', priority: '0.5' });
  }
  expect(paths.filter((path) => path.includes('/tags'))).toEqual([]);
});
