import React, { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * The OpenAPI theme draws parameters and schema properties as `<ul>` lists whose entries are `<div>`s, which
 * assistive technology cannot read as a list (axe rule "list"). The theme's wrappers in src/theme put each entry
 * that sits directly in one of those lists inside an `<li>`; nested properties stay `<div>`s inside their entry.
 */
const DirectlyInList = createContext(false);

/** Marks its children as the direct entries of a theme-rendered `<ul>`. */
export function PropertyList({ children }: { children: ReactNode }): ReactNode {
  return <DirectlyInList.Provider value>{children}</DirectlyInList.Provider>;
}

/** An `<li>` when directly inside a PropertyList (or always, with `always`); what it holds is no longer direct. */
export function PropertyListEntry({ children, always = false }: { children: ReactNode; always?: boolean }): ReactNode {
  const inList = useContext(DirectlyInList);
  if (!inList && !always) return children;
  return (
    <li className="api-property-list__entry">
      <DirectlyInList.Provider value={false}>{children}</DirectlyInList.Provider>
    </li>
  );
}

/** A theme component as a PropertyListEntry: the body of the src/theme wrappers of the theme's list rows. */
export function asPropertyListEntry<P extends object>(Component: ComponentType<P>, { always = false } = {}): (props: P) => ReactNode {
  return function PropertyListEntryOf(props: P): ReactNode {
    return (
      <PropertyListEntry always={always}>
        <Component {...props} />
      </PropertyListEntry>
    );
  };
}
