/** Value types only the dialog rows use: they load with the dialog. */
import { PROJECT_ID, PROJECT_ID_RULE } from '../projectId.js';
import type { Check, Filter, ValueType } from './model.js';

function isHttpUrl(value: string, absoluteOnly: boolean): boolean {
  if (value === '' || /[\s<>"]/.test(value)) return false;
  if (absoluteOnly && !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value, 'https://docent.invalid/');
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const trimmed = (value: unknown): string | undefined => (typeof value === 'string' ? value.trim() : undefined);

export const projectId: ValueType = {
  name: 'project-id',
  check: (value) => {
    const id = trimmed(value);
    return id !== undefined && PROJECT_ID.test(id) ? { ok: true, value: id } : { ok: false };
  },
  allowed: () => PROJECT_ID_RULE,
};

export const url: ValueType = {
  name: 'url',
  check: (value) => {
    const address = trimmed(value);
    return address !== undefined && isHttpUrl(address, false) ? { ok: true, value: address } : { ok: false };
  },
  allowed: () => 'an http(s) URL or a path',
};

/** A server address: an absolute http(s) URL, or `/` (or a path) when the server also serves the page. */
export const absoluteUrl: ValueType = {
  name: 'absolute-url',
  check: (value) => {
    const address = trimmed(value);
    if (address === undefined) return { ok: false };
    const sameOrigin = /^\/(?!\/)/.test(address) && isHttpUrl(address, false);
    if (!sameOrigin && !isHttpUrl(address, true)) return { ok: false };
    return { ok: true, value: address.replace(/(.)\/+$/, '$1') };
  },
  allowed: () => 'an absolute http(s) URL, such as https://docent.example.com, or / when the Docent server serves the page',
};

export const stringArray: ValueType = {
  name: 'string-array',
  decode: parseJson,
  check: (value): Check => {
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return { ok: false };
    return { ok: true, value: (value as string[]).map((item) => item.trim()).filter((item) => item !== '') };
  },
  allowed: () => 'a JSON array of strings, such as ["How do I install the widget?"]',
};

export const filterArray: ValueType = {
  name: 'filter-array',
  decode: parseJson,
  check: (value): Check => {
    if (!Array.isArray(value)) return { ok: false };
    const filters: Filter[] = [];
    for (const item of value as unknown[]) {
      if (typeof item !== 'object' || item === null) return { ok: false };
      const { label, path } = item as Record<string, unknown>;
      // A chip keeps the results whose URL path starts with `path`, so it starts with / (openapi.yaml's SearchFilter).
      if (typeof label !== 'string' || typeof path !== 'string' || label.trim() === '' || !path.trim().startsWith('/')) return { ok: false };
      filters.push({ label: label.trim(), path: path.trim() });
    }
    return { ok: true, value: filters };
  },
  allowed: () => 'a JSON array of {"label", "path"} objects whose path starts with /, such as [{"label": "Guides", "path": "/guides/"}]',
};

export const text: ValueType = {
  name: 'text',
  check: (value) => (typeof value === 'string' ? { ok: true, value: value.trim() } : { ok: false }),
  allowed: () => 'any text',
};

export const markdown: ValueType = {
  name: 'markdown',
  check: (value) => (typeof value === 'string' ? { ok: true, value } : { ok: false }),
  allowed: () => 'Markdown text',
};

/** A number from 0 to 1, such as 0.6. */
export const share: ValueType = {
  name: 'share',
  decode: (raw) => (/^\s*(0(\.\d+)?|1(\.0+)?|\.\d+)\s*$/.test(raw) ? Number(raw) : raw),
  check: (value) => (typeof value === 'number' && value >= 0 && value <= 1 ? { ok: true, value } : { ok: false }),
  allowed: () => 'a number from 0 to 1, such as 0.6',
};

export const boolean: ValueType = {
  name: 'boolean',
  decode: (raw) => {
    const option = raw.trim().toLowerCase();
    return option === '' || option === 'true' ? true : option === 'false' ? false : raw;
  },
  check: (value) => (typeof value === 'boolean' ? { ok: true, value } : { ok: false }),
  allowed: () => 'true, false, or no value',
};
