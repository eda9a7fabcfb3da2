/**
 * Parsing through the attribute table: attribute strings (elements) and prop values (React). A bad value warns
 * once per element instance and attribute (naming the attribute, the value and the allowed values) and the
 * default applies. Pure: no DOM.
 */
import { ELEMENT_TAGS, REACT_COMPONENTS, type AttributeDefinition, type ElementKind, type OptionName, type WidgetOptions } from './model.js';

export interface Warner {
  /** Warns once for this attribute of this instance; later calls for the same attribute are silent. */
  warn(attribute: string, message: string): void;
}

export function createWarner(warn: (message: string) => void = (message) => console.warn(message)): Warner {
  const warned = new Set<string>();
  return {
    warn(attribute, message) {
      if (warned.has(attribute)) return;
      warned.add(attribute);
      warn(message);
    },
  };
}

export function defaultOf<P extends OptionName>(definition: AttributeDefinition<P>, kind: ElementKind): WidgetOptions[P] {
  const specific = definition.defaultByElement?.[kind];
  return specific === undefined ? definition.default : specific;
}

function show(value: unknown): string {
  if (value === undefined || value === '') return 'none';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function warnBadValue(warner: Warner, key: string, subject: string, value: unknown, definition: AttributeDefinition, kind: ElementKind): void {
  warner.warn(
    key,
    `Docent: ${subject} has a bad value ${show(value)}. Allowed: ${definition.type.allowed(definition)}. ` +
      `Using the default (${show(defaultOf(definition, kind))}).`,
  );
}

/** Parses one attribute of an element; `raw` is what `getAttribute()` returned. */
export function parseAttribute<P extends OptionName>(
  definition: AttributeDefinition<P>,
  raw: string | null,
  kind: ElementKind,
  warner: Warner,
): WidgetOptions[P] {
  const tag = `<${ELEMENT_TAGS[kind]}>`;
  if (raw === null || (definition.type.name !== 'boolean' && raw.trim() === '')) {
    if (definition.required) {
      warner.warn(definition.name, `Docent: ${tag} needs the ${definition.name} attribute (${definition.type.allowed(definition)}).`);
    }
    return defaultOf(definition, kind);
  }
  const checked = definition.type.check(definition.type.decode ? definition.type.decode(raw) : raw, definition);
  if (checked.ok) return checked.value as WidgetOptions[P];
  warnBadValue(warner, definition.name, `${tag} attribute ${definition.name}`, raw, definition, kind);
  return defaultOf(definition, kind);
}

/** Parses the given rows for one element; rows the element does not accept get their default. */
export function parseRows<P extends OptionName>(
  rows: readonly AttributeDefinition<P>[],
  kind: ElementKind,
  getAttribute: (name: string) => string | null,
  warner: Warner,
): Pick<WidgetOptions, P> {
  const options: Partial<Record<OptionName, unknown>> = {};
  for (const definition of rows) {
    options[definition.prop] = definition.elements.includes(kind)
      ? parseAttribute(definition, getAttribute(definition.name), kind, warner)
      : defaultOf(definition, kind);
  }
  return options as Pick<WidgetOptions, P>;
}

/**
 * Parses React props for one element. Returns the options, and the props that were set and valid
 * (the ones worth writing as attributes).
 */
export function parsePropRows(
  rows: readonly AttributeDefinition[],
  kind: ElementKind,
  props: object,
  warner: Warner,
): { options: WidgetOptions; provided: Partial<WidgetOptions> } {
  const values = props as Readonly<Record<string, unknown>>;
  const options: Partial<Record<OptionName, unknown>> = {};
  const provided: Partial<Record<OptionName, unknown>> = {};
  const component = `<${REACT_COMPONENTS[kind]}>`;
  for (const definition of rows) {
    options[definition.prop] = defaultOf(definition, kind);
    const value = values[definition.prop];
    if (!definition.elements.includes(kind)) continue;
    const unset = value === undefined || value === null || (typeof value === 'string' && value.trim() === '' && definition.type.name !== 'markdown');
    if (unset) {
      if (definition.required) {
        warner.warn(definition.prop, `Docent: ${component} needs the ${definition.prop} prop (${definition.type.allowed(definition)}).`);
      }
      continue;
    }
    const checked = definition.type.check(value, definition);
    if (checked.ok) {
      options[definition.prop] = checked.value;
      provided[definition.prop] = checked.value;
    } else {
      warnBadValue(warner, definition.prop, `${component} prop ${definition.prop}`, value, definition, kind);
    }
  }
  return { options: options as WidgetOptions, provided: provided as Partial<WidgetOptions> };
}

/** A parsed value written back as attribute text (the React components render the elements with it). */
export function toAttributeValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
