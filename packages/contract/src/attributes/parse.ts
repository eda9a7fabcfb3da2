/**
 * Parsing through the attribute table: attribute strings (elements) and prop values (React). A bad value warns
 * once per element instance and attribute (naming the attribute, the value and the allowed values) and the
 * default applies. Pure: no DOM.
 */
export { toAttributeValue } from './attributeText.js';
import type { AttributeRule, ElementKind, OptionName, WidgetOptions } from './model.js';

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

export function defaultOf<P extends OptionName>(definition: AttributeRule<P>, kind: ElementKind): WidgetOptions[P] {
  const specific = definition.defaultByElement?.[kind];
  return specific === undefined ? definition.default : specific;
}

/** A value as a warning shows it: JSON, or `none` for no value. */
export function show(value: unknown): string {
  if (value === undefined || value === '') return 'none';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function warnBadValue(warner: Warner, key: string, subject: string, value: unknown, definition: AttributeRule, kind: ElementKind): void {
  warner.warn(
    key,
    `Docent: ${subject} has a bad value ${show(value)}. Allowed: ${definition.type.allowed(definition)}. ` +
      `Using the default (${show(defaultOf(definition, kind))}).`,
  );
}

/** Parses one attribute of an element; `raw` is what `getAttribute()` returned. */
export function parseAttribute<P extends OptionName>(
  definition: AttributeRule<P>,
  raw: string | null,
  kind: ElementKind,
  warner: Warner,
): WidgetOptions[P] {
  const tag = `<docent-${kind}>`; // ELEMENT_TAGS[kind], which model.ts types as this, without the table
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
  rows: readonly AttributeRule<P>[],
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
