import React, { useEffect, useState, type ReactNode } from 'react';
import { usePluginData } from '@docusaurus/useGlobalData';
import type { ClientSettings } from '../../settings';
import styles from './styles.module.css';

function isApplePlatform(): boolean {
  return /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);
}

/** The navbar slot: the Docent search button, labelled for search, with its shortcut hint. */
export default function SearchBar(): ReactNode {
  const settings = usePluginData('docusaurus-plugin-docent') as ClientSettings;
  const [modifier, setModifier] = useState('Ctrl');
  useEffect(() => {
    if (isApplePlatform()) setModifier('⌘');
  }, []);
  const showHint = settings.shortcut !== 'none';

  return (
    <button
      type="button"
      className={`${styles.button} ${styles[settings.buttonStyle]}`}
      aria-label="Search the docs"
      aria-keyshortcuts={showHint ? 'Control+K Meta+K' : undefined}
      data-docent-project={settings.project}
    >
      <svg className={styles.icon} viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64-1.06 1.06-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z"
          fill="currentColor"
        />
      </svg>
      <span className={styles.label}>Search</span>
      {showHint && (
        <kbd className={styles.keys}>
          {modifier} K
        </kbd>
      )}
    </button>
  );
}
