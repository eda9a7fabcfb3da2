/**
 * The strings the elements show before any dialog code loads. They are part of the one string table (`STRINGS` in
 * strings.ts); they live in this file only so the button does not carry the dialog's strings.
 */
export interface ElementStrings {
  searchButtonLabel: string;
  chatButtonLabel: string;
  panelLoading: string;
}

export const ELEMENT_STRINGS: ElementStrings = {
  searchButtonLabel: 'Search',
  chatButtonLabel: 'Ask AI',
  panelLoading: 'Loading the assistant…',
};
