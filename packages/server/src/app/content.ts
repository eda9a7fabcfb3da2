/**
 * What each project's search runs on: one index per project, built from the sections of every source in the
 * database and, for the project the hosted site is bound to, the site's own pages. An index is built aside and
 * swapped in whole, so readers never see a half-built one and searches go on during a sync. A restart builds the
 * indexes from the database; nothing is crawled again. Changes made by another process (`docent sync`, the CLI,
 * another server) are noticed through the projects' content versions.
 */
import { buildIndex, buildIndexAsync, warmSearch, type DocentIndex } from '@docent/engine';
import type { SiteIndex } from '../serve/siteIndex.js';
import type { Store } from '../store/types.js';
import type { Logger } from './services.js';

export interface ProjectContent {
  index: DocentIndex;
  pages: number;
  sections: number;
  /** When the content last changed, or null for a project without any. */
  indexedAt: Date | null;
}

/** Sections indexed between two pauses in which the server answers requests (a few milliseconds each). */
const INDEX_CHUNK = 20;

const EMPTY: ProjectContent = { index: buildIndex([]), pages: 0, sections: 0, indexedAt: null };

export class ProjectContents {
  private readonly contents = new Map<string, ProjectContent>();
  private readonly versions = new Map<string, number>();
  private building: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly site: SiteIndex,
    private readonly siteProject: string,
    private readonly log: Logger,
  ) {}

  get(projectId: string): ProjectContent {
    return this.contents.get(projectId) ?? EMPTY;
  }

  /**
   * Builds a project's index aside, in chunks so searches go on meanwhile, then swaps it in. Rebuilds run one
   * after another; each records the content version it was built from, so the poller does not build it again.
   */
  rebuild(projectId: string, options: { onlyIfChanged?: boolean } = {}): Promise<void> {
    this.building = this.building.then(async () => {
      try {
        const version = (await this.store.contentVersions()).get(projectId);
        // Queued by the poller while another rebuild ran: that one may have built this very version already.
        if (options.onlyIfChanged && version !== undefined && this.versions.get(projectId) === version) return;
        const fromSources = await this.store.sourceSections(projectId);
        const fromSite = projectId === this.siteProject ? this.site.snapshot.extracted : [];
        const sections = [...fromSite, ...fromSources];
        if (sections.length === 0) {
          if (version !== undefined) this.versions.set(projectId, version);
          this.contents.delete(projectId);
          return;
        }
        const index = await buildIndexAsync(sections, INDEX_CHUNK, { synonyms: await this.synonymsOf(projectId) });
        // Before the swap: the first searches on a new index would otherwise each compute what they need of every
        // section they touch, a pause of up to a few hundred milliseconds right after each sync.
        await warmSearch(index, INDEX_CHUNK);
        if (version !== undefined) this.versions.set(projectId, version);
        this.contents.set(projectId, { index, pages: new Set(sections.map((section) => section.pageUrl)).size, sections: sections.length, indexedAt: new Date() });
      } catch (error) {
        this.log(`could not rebuild the index of ${projectId}; searches use the previous one: ${(error as Error).message}`);
      }
    });
    return this.building;
  }

  /** The project's own synonyms; else, for the project bound to the site, those of the site's index file. */
  private async synonymsOf(projectId: string): Promise<string[][]> {
    const own = (await this.store.getProject(projectId))?.synonyms;
    return own ?? (projectId === this.siteProject ? this.site.snapshot.synonyms : []);
  }

  /** Rebuilds every project whose content version changed since the last look (all of them the first time). */
  async refreshChanged(): Promise<void> {
    const versions = await this.store.contentVersions();
    const changed = [...versions].filter(([project, version]) => this.versions.get(project) !== version);
    for (const [project] of changed) await this.rebuild(project, { onlyIfChanged: true });
  }
}
