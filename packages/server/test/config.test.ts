/**
 * docent.config.json as `docent serve` applies it: name, allowed origins, custom prompt, plans and limits. The docs'
 * examples of the file are read with the same reader in website/tests/docs/facts.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { limitsOf } from '../src/app/limits.js';
import { ConfigError, durationMs, parseDocentConfig } from '../src/config/docentConfig.js';
import { UsageError } from '../src/cli.js';
import { parseServeArgs, startServer, type RunningServer } from '../src/commands/serve.js';
import type { Limits } from '../src/projects/types.js';
import { openSqliteStore } from '../src/store/sqlite/index.js';

function configWith(project: Record<string, unknown>, extra: Record<string, unknown> = {}): unknown {
  return { ...extra, projects: [{ id: 'other-docs', name: 'Other docs' }, { id: 'acme-docs', name: 'Acme docs', ...project }] };
}

function rejects(json: unknown, message: RegExp): void {
  assert.throws(() => parseDocentConfig(json), (error: Error) => error instanceof ConfigError && message.test(error.message), String(message));
}

/** The declaration of acme-docs in the parsed file. */
function acmeDocs(json: unknown) {
  return parseDocentConfig(json).projects.find((project) => project.id === 'acme-docs');
}

/** The limits in force for acme-docs once the file is applied to a store, as every request reads them. */
async function limitsInForce(json: unknown): Promise<Limits> {
  const config = parseDocentConfig(json);
  const store = openSqliteStore(':memory:');
  try {
    await store.applyProjects(config.projects, config.plans);
    const project = await store.getProject('acme-docs');
    assert.ok(project);
    return await limitsOf(store, project);
  } finally {
    await store.close();
  }
}

describe('parseDocentConfig', () => {
  it('reads the name, allowed origins and instructions of every project the file declares', () => {
    const config = parseDocentConfig(
      configWith({ name: 'Acme docs', allowed_origins: ['https://docs.acme.test'], settings: { prompt: { instructions: 'Be brief.' } } }),
    );
    assert.deepEqual(config.projects, [
      { id: 'other-docs', name: 'Other docs', public: true, allowedOrigins: [], widget: {}, limits: {}, sources: [] },
      {
        id: 'acme-docs',
        name: 'Acme docs',
        public: true,
        allowedOrigins: ['https://docs.acme.test'],
        prompt: { kind: 'instructions', text: 'Be brief.' },
        widget: {},
        sources: [],
        limits: {},
      },
    ]);
    assert.deepEqual(config.plans, {});
  });

  it("takes the plan's limits, then the project's own values over them", async () => {
    const plans = { plans: { team: { monthly_messages: 20000, visitor_rate_limit: { messages: 60, window: '1h' } } } };
    assert.deepEqual(parseDocentConfig(configWith({ limits: { plan: 'team' } }, plans)).plans, {
      team: { monthlyMessages: 20000, visitorMessages: { requests: 60, windowMs: 3_600_000 } },
    });
    assert.deepEqual(acmeDocs(configWith({ limits: { plan: 'team' } }, plans))?.limits, { plan: 'team' });
    assert.deepEqual(await limitsInForce(configWith({ limits: { plan: 'team' } }, plans)), {
      monthlyMessages: 20000,
      visitorMessages: { requests: 60, windowMs: 3_600_000 },
    });
    const own = await limitsInForce(configWith({ limits: { plan: 'team', visitor_rate_limit: { messages: 5, window: '30s' } } }, plans));
    assert.deepEqual(own.visitorMessages, { requests: 5, windowMs: 30_000 });
    assert.equal(own.monthlyMessages, 20000);
    for (const plan of ['free', 'team', 'unlimited']) {
      assert.deepEqual(acmeDocs(configWith({ limits: { plan } }))?.limits, { plan }, plan);
      assert.deepEqual(await limitsInForce(configWith({ limits: { plan } })), {}, `${plan} without numbers sets no limit`);
    }
  });

  it('names the field and the fix for every mistake', () => {
    rejects({ projects: {} }, /^projects must be a list, such as \[\.\.\.\]; got \{\}/);
    rejects(configWith({ settings: { prompt: { instructions: 'a', template: 'b' } } }), /projects\[1\]\.settings\.prompt must set either instructions or template/);
    rejects(configWith({ settings: { prompt: { template: 'Answer {{question}}' } } }), /projects\[1\]\.settings\.prompt\.template must contain \{\{context\}\}/);
    rejects(configWith({ allowed_origins: ['https://docs.acme.test/'] }), /allowed_origins\[0\] must be an origin only .*write "https:\/\/docs\.acme\.test"/);
    rejects(configWith({ allowed_origins: 'https://docs.acme.test' }), /projects\[1\]\.allowed_origins must be a list, such as \[\.\.\.\]; got "https:\/\/docs\.acme\.test"/);
    rejects(configWith({ limits: { plan: 'Partners' } }, { plans: { partners: {} } }), /limits\.plan is "Partners", which is neither free, team, unlimited nor a key of plans \(partners\); plan names are case-sensitive/);
    rejects(configWith({ limits: { visitor_rate_limit: { messages: 0, window: '1h' } } }), /visitor_rate_limit\.messages must be a whole number of 1 or more; got 0/);
    rejects(configWith({ limits: { monthly_messages: 'many' } }), /monthly_messages must be a whole number/);
    // A field Docent does not know is a mistake too, named with the fields allowed there.
    rejects(configWith({ sourcez: [] }), /^projects\[1\]\.sourcez is not a field Docent knows; the fields allowed in projects\[1\] are id, name, allowed_origins, sources, settings, limits$/);
    rejects(configWith({ sources: [{ type: 'sitemap', url: 'ftp://docs.acme.test/sitemap.xml' }] }), /^projects\[1\]\.sources\[0\]/);
    rejects({ projects: [{ id: 'acme-docs' }] }, /^projects\[0\] needs the field name$/);
  });

  it('reads durations in seconds, minutes, hours and days', () => {
    assert.equal(durationMs('45s', 'w'), 45_000);
    assert.equal(durationMs('10m', 'w'), 600_000);
    assert.equal(durationMs('2d', 'w'), 172_800_000);
    for (const bad of ['1 h', '0m', '1w', 60]) assert.throws(() => durationMs(bad, 'window'), /window must be a duration such as "30s"/);
  });
});

describe('docent serve --config', () => {
  let site: string;
  let server: RunningServer;
  const config = {
    plans: { tiny: { monthly_messages: 2 } },
    projects: [{ id: 'acme-docs', name: 'Acme product docs', allowed_origins: ['https://docs.acme.test'], limits: { plan: 'tiny' } }],
  };

  before(async () => {
    site = mkdtempSync(path.join(tmpdir(), 'docent-config-'));
    writeFileSync(
      path.join(site, 'index.html'),
      '<!doctype html><title>Webhooks | Acme</title><main><h1>Webhooks</h1><p>Acme sends a webhook for every order.</p><h2 id="retries">Retries</h2><p>Failed webhook deliveries are retried five times.</p></main>',
    );
    mkdirSync(path.join(site, 'etc'));
    writeFileSync(path.join(site, 'etc', 'docent.config.json'), JSON.stringify(config));
    const options = parseServeArgs(['--site', site, '--project', 'acme-docs', '--port', '0', '--db', path.join(site, 'etc', 'docent.db'), '--config', path.join(site, 'etc', 'docent.config.json')]);
    server = await startServer(options, () => undefined, {});
  });

  after(async () => {
    await server.close();
    rmSync(site, { recursive: true, force: true });
  });

  it("serves the project under the file's name and allows the file's origins", async () => {
    const project = await (await fetch(`${server.url}/v1/projects/acme-docs`, { headers: { origin: 'https://docs.acme.test' } })).json();
    assert.equal(project.name, 'Acme product docs');
    assert.equal(project.plan, 'tiny');
    assert.equal((await fetch(`${server.url}/v1/projects/acme-docs`, { headers: { origin: 'https://evil.test' } })).status, 403);
  });

  it('answers 429 once the monthly quota is used, saying when questions resume, while search still works', async () => {
    const ask = (): Promise<Response> =>
      fetch(`${server.url}/v1/projects/acme-docs/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: 'Are webhook deliveries retried?' }) });
    assert.equal((await ask()).status, 200);
    assert.equal((await ask()).status, 200);
    const over = await ask();
    assert.equal(over.status, 429);
    assert.equal(over.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    assert.ok(Number(over.headers.get('retry-after')) > 0);
    assert.match((await over.json()).detail, /answered its 2 messages for this month\. Questions are answered again from \d{4}-\d{2}-01; search still works\./);
    assert.equal((await fetch(`${server.url}/v1/projects/acme-docs/search?q=webhook`)).status, 200);
  });

  it('refuses a missing or broken file with the file and the field named', async () => {
    assert.throws(() => parseServeArgs(['--site', site, '--project', 'acme-docs', '--config', path.join(site, 'none.json')]), (error: Error) => error instanceof UsageError && /--config .*none\.json does not exist/.test(error.message));
    const broken = path.join(site, 'etc', 'broken.json');
    writeFileSync(broken, JSON.stringify({ projects: [{ id: 'acme-docs', name: 'Acme docs', settings: { prompt: {} } }] }));
    const options = parseServeArgs(['--site', site, '--project', 'acme-docs', '--port', '0', '--db', ':memory:', '--config', broken]);
    await assert.rejects(startServer(options, () => undefined, {}), (error: Error) => error instanceof UsageError && /broken\.json: projects\[0\]\.settings\.prompt must set either instructions or template/.test(error.message));
  });
});
