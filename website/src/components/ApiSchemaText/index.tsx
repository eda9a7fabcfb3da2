import React, { type ReactNode } from 'react';
import Markdown from '@site/src/theme/Markdown';
import { constraints, exampleOf, hasMembers, mapValues, propertiesOf, requiredNames, typeName, variantsOf, type SchemaObject } from './schema';

/**
 * The text of an API page's parameters and bodies, rendered on the server. The OpenAPI theme draws them in the
 * browser only, so without this the built page (what search indexes, the page's Markdown copy, a reader without
 * JavaScript) says nothing of them. It stands in the place of the theme's parts until they mount, in the theme's
 * classes, so the switch hardly moves the page.
 */

/** Nested objects deeper than this show their type and description, not their properties. */
const MAX_DEPTH = 4;

function Facts({ schema }: { schema: SchemaObject }): ReactNode {
  const possible = constraints(schema);
  const example = exampleOf(schema);
  return (
    <>
      {schema.description ? <Markdown>{schema.description}</Markdown> : null}
      {possible.length > 0 ? (
        <p>
          <strong>Possible values:</strong>{' '}
          {possible.map((phrase, at) => (
            <React.Fragment key={phrase}>
              {at > 0 ? ', ' : null}
              <code>{phrase}</code>
            </React.Fragment>
          ))}
        </p>
      ) : null}
      {schema.default !== undefined ? (
        <p>
          <strong>Default value:</strong> <code>{JSON.stringify(schema.default)}</code>
        </p>
      ) : null}
      {example !== undefined ? (
        <p className="openapi-example">
          <strong>Example:</strong> <code>{example}</code>
        </p>
      ) : null}
    </>
  );
}

function Property({ name, schema, required, depth }: { name: string; schema: SchemaObject; required: boolean; depth: number }): ReactNode {
  return (
    <div className="openapi-schema__list-item">
      <span className="openapi-schema__container">
        <strong className="openapi-schema__property">{name}</strong> <span className="openapi-schema__name">{typeName(schema)}</span>
        {required ? (
          <>
            {' '}
            <span className="openapi-schema__divider" /> <span className="openapi-schema__required">required</span>
          </>
        ) : null}
      </span>
      <Facts schema={schema} />
      <Members schema={schema} depth={depth + 1} />
    </div>
  );
}

/** An object's properties, a map's values and a `oneOf`'s variants, indented under their parent. */
function Members({ schema, depth }: { schema: SchemaObject; depth: number }): ReactNode {
  if (depth > MAX_DEPTH || !hasMembers(schema)) return null;
  const properties = propertiesOf(schema);
  const values = mapValues(schema);
  const variants = variantsOf(schema);
  const required = requiredNames(schema);
  return (
    <ul className="api-schema-text__members">
      {properties.map(([name, property]) => (
        <li key={name}>
          <Property name={name} schema={property} required={required.has(name)} depth={depth} />
        </li>
      ))}
      {values ? (
        <li>
          <Property name="<name>" schema={values} required={false} depth={depth} />
        </li>
      ) : null}
      {variants.map((variant, at) => (
        <li key={at} className="api-schema-text__variant">
          <p>
            <strong>{variant.title ?? `Option ${at + 1}`}</strong>
          </p>
          <Facts schema={variant} />
          <Members schema={variant} depth={depth} />
        </li>
      ))}
    </ul>
  );
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
  example?: unknown;
}

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

/** The operation's parameters, grouped by where they go, as the theme's ParamsDetails lists them. */
export function ParamsText({ parameters }: { parameters?: Parameter[] }): ReactNode {
  return LOCATIONS.map((location) => {
    const here = (parameters ?? []).filter((parameter) => parameter.in === location);
    if (!here.length) return null;
    return (
      <details key={location} className="openapi-markdown__details api-schema-text" open>
        <summary>
          <h3 className="openapi-markdown__details-summary-header-params">{`${location.charAt(0).toUpperCase()}${location.slice(1)} Parameters`}</h3>
        </summary>
        <ul>
          {here.map((parameter) => (
            <li key={parameter.name} className="api-property-list__entry">
              <Property
                name={parameter.name}
                schema={{ ...parameter.schema, description: parameter.description ?? parameter.schema?.description, example: parameter.example ?? parameter.schema?.example }}
                required={parameter.required === true}
                depth={0}
              />
            </li>
          ))}
        </ul>
      </details>
    );
  });
}

interface Body {
  /** `true` for a required request body (a schema's list of required properties is not this). */
  required?: boolean | string[];
  description?: string;
  content?: Record<string, { schema?: SchemaObject }>;
}

/** A request or response body, one block per media type, as the theme's RequestSchema and ResponseSchema show it. */
export function BodyText({ title, body }: { title: string; body?: Body }): ReactNode {
  const media = Object.entries(body?.content ?? {});
  return media.map(([type, { schema }]) => (
    <details key={type} className="openapi-markdown__details api-schema-text" open>
      <summary>
        <h3 className="openapi-markdown__details-summary-header-body">
          {title}
          {body?.required === true ? (
            <>
              {' '}
              <strong className="openapi-schema__required">required</strong>
            </>
          ) : null}
        </h3>
      </summary>
      {media.length > 1 ? (
        <p>
          <code>{type}</code>
        </p>
      ) : null}
      {body?.description ? <Markdown>{body.description}</Markdown> : null}
      {schema ? (
        <>
          {schema.description ? <Markdown>{schema.description}</Markdown> : null}
          {hasMembers(schema) ? (
            <Members schema={schema} depth={0} />
          ) : (
            <p>
              <code>{typeName(schema)}</code>
            </p>
          )}
        </>
      ) : null}
    </details>
  ));
}
