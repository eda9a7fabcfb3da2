import type { Plugin } from '@docusaurus/types';

/**
 * Test-only routes, added to a build only when DOCENT_E2E_ROUTES=1 (see docusaurus.config.ts).
 * The production build never has them, and a test proves it.
 */
export default function e2eRoutesPlugin(): Plugin {
  return {
    name: 'docent-e2e-routes',
    async contentLoaded({ actions }) {
      actions.addRoute({ path: '/e2e/crash', component: '@site/tests/fixtures/CrashPage.tsx', exact: true });
    },
  };
}
