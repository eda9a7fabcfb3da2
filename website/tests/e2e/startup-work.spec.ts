import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

/**
 * Work the browser does while a doc page starts, which counts against its responsiveness on a phone (Lighthouse's
 * total blocking time): pages with code blocks and the docs sidebar are checked.
 */
const PAGES = ['/', '/customization/layout'];

declare global {
  interface Window {
    /** Where each `localeCompare` call came from, in order. */
    collatorCalls?: string[];
    /** Per React commit, the code-block token spans that had been rendered more than once. */
    tokenRerenders?: number[];
    /** Per task that added script files to the page before it hydrated, the files' names. */
    scriptBatches?: string[][];
    /** Where each read of a code block's scroll width outside a ResizeObserver callback came from. */
    forcedWidthReads?: string[];
  }
}

/** Opens `path` and waits until hydration and the renders it sets off are over. */
async function openAndSettle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
}

test.describe('work while a doc page starts', () => {
  for (const path of PAGES) {
    test(`${path} asks for its routes' chunks a route at a time, in tasks of their own (website/patches/browser-start)`, async ({ page }) => {
      await page.addInitScript(() => {
        window.scriptBatches = [];
        // A mutation observer's callback runs at the next microtask checkpoint: the scripts one synchronous run adds
        // (a task, or a callback within one) arrive as one batch.
        new MutationObserver((records) => {
          if (document.documentElement.dataset.hasHydrated === 'true') return;
          const added = records
            .flatMap((record) => Array.from(record.addedNodes))
            .flatMap((node) => (node instanceof HTMLScriptElement && node.src ? [node.src.replace(/.*\//, '')] : []));
          if (added.length > 0) window.scriptBatches?.push(added);
        }).observe(document, { childList: true, subtree: true });
      });
      await openAndSettle(page, path);
      const batches = (await page.evaluate(() => window.scriptBatches)) ?? [];
      // The bundle's own scripts come first (./ssrTemplate.ts), then the routes' chunks. Added in one task, as
      // Docusaurus' preload adds them, they took 15 to 30 ms on a desktop; a doc page matches four routes.
      const main = batches.findIndex((files) => files.some((file) => file.startsWith('main.')));
      expect(main, `script batches: ${JSON.stringify(batches)}`).toBeGreaterThanOrEqual(0);
      expect(batches.slice(main + 1).length, `script batches: ${JSON.stringify(batches)}`).toBeGreaterThanOrEqual(3);
    });

    test(`${path} compares no strings with the browser's collator (website/patches/no-collator-at-startup)`, async ({ page }) => {
      await page.addInitScript(() => {
        const original = String.prototype.localeCompare;
        window.collatorCalls = [];
        String.prototype.localeCompare = function localeCompare(this: string, ...args: Parameters<typeof original>) {
          window.collatorCalls?.push(new Error().stack?.split('\n')[2]?.trim() ?? 'unknown');
          return original.apply(this, args);
        };
      });
      await openAndSettle(page, path);
      // Setting up the collator takes 15 to 20 ms on a desktop the first time, four times that on a phone.
      expect(await page.evaluate(() => window.collatorCalls)).toEqual([]);
    });

    test(`${path} reads code blocks' widths only after the browser's own layout (website/patches/code-wrap-after-layout)`, async ({ page }) => {
      await page.addInitScript(() => {
        window.forcedWidthReads = [];
        let inObserverCallback = false;
        const Observer = window.ResizeObserver;
        window.ResizeObserver = class extends Observer {
          constructor(callback: ResizeObserverCallback) {
            super((entries, observer) => {
              inObserverCallback = true;
              try {
                callback(entries, observer);
              } finally {
                inObserverCallback = false;
              }
            });
          }
        };
        const scrollWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollWidth');
        Object.defineProperty(Element.prototype, 'scrollWidth', {
          configurable: true,
          get(this: Element) {
            if (this instanceof HTMLPreElement && !inObserverCallback) window.forcedWidthReads?.push(new Error().stack?.split('\n')[2]?.trim() ?? 'unknown');
            return scrollWidth?.get?.call(this) as number;
          },
        });
      });
      await openAndSettle(page, path);
      await expect(page.locator('pre.prism-code').first()).toBeVisible();
      // Read in an effect, the first block's width forced a layout of the whole page in the middle of hydration's
      // effects; an observer's callback comes after the browser's own layout.
      expect(await page.evaluate(() => window.forcedWidthReads)).toEqual([]);
    });

    test(`${path} draws each code block's lines once: the renders after hydration leave them alone`, async ({ page }) => {
      // React DOM reports each commit to a developer-tools hook when the page provides one; this one counts the
      // token spans whose fiber has a second version, that is, that React rendered again after creating them.
      await page.addInitScript(() => {
        interface Fiber {
          type: unknown;
          memoizedProps: { className?: unknown } | null;
          alternate: Fiber | null;
          child: Fiber | null;
          sibling: Fiber | null;
        }
        const rerenderedTokens = (root: Fiber): number => {
          let count = 0;
          const stack: Fiber[] = [root];
          for (let fiber = stack.pop(); fiber; fiber = stack.pop()) {
            const className = fiber.memoizedProps?.className;
            if (fiber.type === 'span' && typeof className === 'string' && className.startsWith('token') && fiber.alternate) count += 1;
            if (fiber.child) stack.push(fiber.child);
            if (fiber.sibling) stack.push(fiber.sibling);
          }
          return count;
        };
        window.tokenRerenders = [];
        Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
          value: {
            supportsFiber: true,
            renderers: new Map(),
            inject: () => 1,
            checkDCE: () => undefined,
            onScheduleFiberRoot: () => undefined,
            onCommitFiberUnmount: () => undefined,
            onPostCommitFiberRoot: () => undefined,
            onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => window.tokenRerenders?.push(rerenderedTokens(root.current)),
          },
        });
      });
      await openAndSettle(page, path);
      await expect(page.locator('pre.prism-code .token').first()).toBeVisible();
      const commits = (await page.evaluate(() => window.tokenRerenders)) ?? [];
      // Hydration and the renders its effects set off (word wrap, window size, colour mode) are several commits.
      expect(commits.length).toBeGreaterThan(1);
      expect(commits).toEqual(commits.map(() => 0));
    });
  }
});
