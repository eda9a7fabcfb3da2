import React, { type ReactNode } from 'react';
import { useBaseUrlUtils } from '@docusaurus/useBaseUrl';

/** One image file and its size in CSS pixels. `{theme}` in `src` stands for `light` or `dark`. */
export interface PictureFile {
  readonly src: string;
  readonly width: number;
  readonly height: number;
}

export interface ThemedPictureProps extends PictureFile {
  readonly alt: string;
  /** A portrait layout for narrow columns (see NARROW_COLUMN), with larger text than the wide image scaled down. */
  readonly narrow?: PictureFile;
}

/**
 * When the docs column is under about 700 px: on phones and small tablets (up to 728 px), and on desktops from 997 to
 * 1271 px, where the sidebar and the table of contents leave the column that narrow. A 760-px-wide diagram with 12 px
 * text, scaled to such a column, has text under 11 px.
 */
export const NARROW_COLUMN = '(max-width: 728px), (min-width: 997px) and (max-width: 1271px)';

export const THEME_PLACEHOLDER = '{theme}';

function Picture({ alt, src, width, height, narrow, theme }: ThemedPictureProps & { theme?: 'light' | 'dark' }): ReactNode {
  const { withBaseUrl } = useBaseUrlUtils();
  const url = (file: string) => withBaseUrl(file.replace(THEME_PLACEHOLDER, theme ?? ''));
  return (
    <picture
      className={theme ? `themed-picture themed-picture--${theme}` : 'themed-picture'}
      // The index and the page's Markdown copy take the light image alone, instead of every image twice.
      {...(theme === 'dark' ? { 'data-docent-ignore': '' } : {})}>
      {narrow ? <source media={NARROW_COLUMN} srcSet={url(narrow.src)} width={narrow.width} height={narrow.height} /> : null}
      <img src={url(src)} alt={alt} width={width} height={height} loading="lazy" decoding="async" />
    </picture>
  );
}

/**
 * An image in the site's colour mode and sized for the column, without script: the light and the dark picture are
 * both in the page and CSS shows the one that matches `data-theme` (src/css/custom.css); the hidden one, lazy,
 * is never downloaded. Each picture switches to its narrow file where the column is narrow. For a diagram or
 * a screenshot of the widget; an image that shows one colour mode on purpose leaves `{theme}` out of its file names.
 *
 * <ThemedPicture alt="…" src="/img/diagrams/modes-{theme}.svg" width={760} height={500}
 *   narrow={{ src: '/img/diagrams/modes-narrow-{theme}.svg', width: 360, height: 1148 }} />
 */
export default function ThemedPicture(props: ThemedPictureProps): ReactNode {
  const themed = props.src.includes(THEME_PLACEHOLDER);
  return (
    <p>
      {themed ? (
        <>
          <Picture {...props} theme="light" />
          <Picture {...props} theme="dark" />
        </>
      ) : (
        <Picture {...props} />
      )}
    </p>
  );
}
