/**
 * The rows of the attribute reference (customization/layout.mdx), made from the widget's own attribute table
 * (`@docent/widget/attributes`), so the page cannot drift from what the elements accept. Pure: no React, no
 * Docusaurus, so the unit tests call it directly.
 *
 * Cell text marks code with backticks, like the descriptions in the attribute table; `CodeText` renders it.
 */
import {
  ALL_ELEMENTS,
  ATTRIBUTE_GROUPS,
  ATTRIBUTES,
  defaultOf,
  describeAllowed,
  type AttributeDefinition,
  type AttributeGroup,
  type ElementKind,
} from '@docent/widget/attributes';

/** How the Elements column names each element; the page explains these short names above the tables. */
export const ELEMENT_LABELS: Record<ElementKind, string> = {
  'search-button': 'search button',
  'chat-button': 'chat button',
  chat: 'chat',
  feedback: 'feedback',
};

export interface AttributeRow {
  /** Kebab-case attribute name, unformatted (the tests look rows up by it). */
  readonly name: string;
  readonly attribute: string;
  readonly prop: string;
  readonly allowed: string;
  readonly defaultValue: string;
  readonly elements: string;
  readonly description: string;
}

const code = (text: string): string => `\`${text}\``;

/** A default as the docs show it: a code span, or `none` when there is no value. */
function showValue(value: unknown): string {
  if (value === undefined || value === '') return 'none';
  return code(typeof value === 'string' ? value : JSON.stringify(value));
}

/** The row's own label when it has one, else the value; element-specific defaults are spelled out per element. */
export function defaultCell(definition: AttributeDefinition): string {
  if (definition.defaultLabel !== undefined) return definition.defaultLabel;
  const values = definition.elements.map((kind) => [kind, showValue(defaultOf(definition, kind))] as const);
  const distinct = new Set(values.map(([, shown]) => shown));
  if (distinct.size <= 1) return showValue(definition.default);
  return values.map(([kind, shown]) => `${shown} on the ${ELEMENT_LABELS[kind]}`).join(', ');
}

/** Enumerations list their values as code; other types say what they accept in the words of the element's warning. */
export function allowedCell(definition: AttributeDefinition): string {
  if (definition.type.name === 'enum') return (definition.values ?? []).map(code).join(', ');
  return describeAllowed(definition);
}

export function elementsCell(definition: AttributeDefinition): string {
  if (ALL_ELEMENTS.every((kind) => definition.elements.includes(kind))) return 'all';
  return ALL_ELEMENTS.filter((kind) => definition.elements.includes(kind))
    .map((kind) => ELEMENT_LABELS[kind])
    .join(', ');
}

export function isAttributeGroup(group: string): group is AttributeGroup {
  return (ATTRIBUTE_GROUPS as readonly string[]).includes(group);
}

/** The rows of one group, in the order of the attribute table. Throws for an unknown or empty group. */
export function attributeRows(group: string): AttributeRow[] {
  if (!isAttributeGroup(group)) {
    throw new Error(`AttributeTable: unknown group "${group}". The groups are: ${ATTRIBUTE_GROUPS.join(', ')}.`);
  }
  const rows = ATTRIBUTES.filter((definition) => definition.group === group).map((definition) => ({
    name: definition.name,
    attribute: code(definition.name),
    prop: code(definition.prop),
    allowed: allowedCell(definition),
    defaultValue: defaultCell(definition),
    elements: elementsCell(definition),
    description: definition.description,
  }));
  if (rows.length === 0) throw new Error(`AttributeTable: no attribute belongs to the group "${group}".`);
  return rows;
}
