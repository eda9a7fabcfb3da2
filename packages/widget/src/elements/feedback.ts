import type { FeedbackHandle, FeedbackHost, FeedbackModule } from '../feedback/api.js';
import { DocentElement } from './base.js';
import { element } from './dom.js';
import { importOnce, reportLoadError } from './lazy.js';

/** Imports the page-feedback chunk once, when the first `<docent-feedback>` connects. It holds no dialog code. */
const loadFeedbackModule = importOnce<FeedbackModule>(() => import('../feedback/index.js'));

/**
 * `<docent-feedback>`: "Was this page helpful?" under a page, or one thumb inline (`rating`). This class is all the
 * element module carries; the block itself (its chunk) and `docent-feedback.css` load when the element connects,
 * so a page without it loads neither, and neither brings any dialog code.
 */
export class DocentFeedback extends DocentElement implements FeedbackHost {
  static override kind = 'feedback' as const;
  private mount!: HTMLDivElement;
  private handle: FeedbackHandle | undefined;
  private loading = false;

  /** The element's text: the heading of the block, or the name of the single thumb. */
  get labelText(): string {
    return this.label('');
  }

  protected create(): void {
    this.mount = element('div', 'docent-feedback-mount');
    this.root.append(this.mount);
  }

  protected render(): void {
    this.handle?.update();
  }

  protected override connected(): void {
    if (this.handle || this.loading) return;
    this.loading = true;
    Promise.all([loadFeedbackModule(), this.loadStyles('docent-feedback.css')])
      .then(([module]) => {
        this.handle ??= module.mountFeedback(this.mount, this);
      })
      .catch((error: unknown) => reportLoadError(error, 'the page feedback'))
      .finally(() => {
        this.loading = false;
      });
  }
}
