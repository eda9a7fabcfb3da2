/**
 * `@docent/widget/attributes`: THE attribute table of the widget, one row per attribute with its name, camelCase
 * prop, type, default, allowed values, elements, docs group and one-line meaning (customization/layout shows it). Elements
 * (attribute strings) and React components (prop values) parse through it, and the docs are generated from it.
 *
 * The rows are written in several files only so the button stays small: the rows the elements read themselves
 * ship with the element that reads them (attributes/buttonRows.ts, attributes/chatRows.ts, joined in
 * attributes/elementRows.ts; their docs are in attributes/elementDocs.ts), the rest load
 * with the dialog (attributes/dialogRows.ts); an element's warnings for those appear when its dialog code loads.
 * The few `<docent-feedback>` reads (attributes/feedbackRows.ts) load with its own chunk, and the dialog's rows
 * include them.
 * This module joins them. Pure: no DOM.
 */
import { DIALOG_ROWS } from './attributes/dialogRows.js';
import { ELEMENT_DOCS } from './attributes/elementDocs.js';
import { ELEMENT_ROWS } from './attributes/elementRows.js';
import {
  ATTRIBUTE_GROUPS,
  type AttributeDefinition,
  type ElementKind,
  type ElementOptionName,
  type OptionName,
  type WidgetOptions,
} from './attributes/model.js';
import { defaultOf, parseRows, type Warner } from './attributes/parse.js';

export * from './attributes/model.js';
export { createWarner, defaultOf, parseAttribute, type Warner } from './attributes/parse.js';
export { attributeNameOf, toAttributeValue } from './attributes/attributeText.js';
export { isShortcut } from './attributes/elementTypes.js';
export { isCssLength } from './attributes/cssLength.js';

/** The element rows with their docs, for the reference table. */
function withDocs<P extends ElementOptionName>(prop: P): AttributeDefinition<P> {
  return { ...ELEMENT_ROWS[prop], ...ELEMENT_DOCS[prop] } as AttributeDefinition<P>;
}

const ELEMENT_TABLE = Object.fromEntries(
  (Object.keys(ELEMENT_ROWS) as ElementOptionName[]).map((prop) => [prop, withDocs(prop)]),
) as { readonly [P in ElementOptionName]: AttributeDefinition<P> };

const TABLE: { readonly [P in OptionName]: AttributeDefinition<P> } = { ...ELEMENT_TABLE, ...DIALOG_ROWS };

/** Every attribute, in the order of the reference page (grouped as `ATTRIBUTE_GROUPS`). */
export const ATTRIBUTES: readonly AttributeDefinition[] = (Object.values(TABLE) as AttributeDefinition[]).sort(
  (a, b) => ATTRIBUTE_GROUPS.indexOf(a.group) - ATTRIBUTE_GROUPS.indexOf(b.group),
);

export function attributeFor<P extends OptionName>(prop: P): AttributeDefinition<P> {
  return TABLE[prop] as AttributeDefinition<P>;
}

export function attributesOf(kind: ElementKind): readonly AttributeDefinition[] {
  return ATTRIBUTES.filter((definition) => definition.elements.includes(kind));
}

/** The defaults of every option, for one element. */
export function defaultOptions(kind: ElementKind): WidgetOptions {
  const options: Partial<Record<OptionName, unknown>> = {};
  for (const definition of ATTRIBUTES) options[definition.prop] = defaultOf(definition, kind);
  return options as WidgetOptions;
}

/** Parses every attribute of an element (those it does not accept get their defaults). */
export function parseAttributes(kind: ElementKind, getAttribute: (name: string) => string | null, warner: Warner): WidgetOptions {
  return parseRows(ATTRIBUTES, kind, getAttribute, warner) as WidgetOptions;
}

export type WidgetProps = { [P in OptionName]?: WidgetOptions[P] | undefined };

/** How the allowed values of an attribute read (in warnings and in the docs). */
export function describeAllowed(definition: AttributeDefinition): string {
  return definition.type.allowed(definition);
}
