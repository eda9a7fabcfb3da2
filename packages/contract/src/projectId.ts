/**
 * The project-id rule: the server's database keys, the CLI's `--project`, the widget's `project` attribute and the
 * plugin's `project` option all check ids with it (openapi.yaml's `ProjectId` parameter has the same pattern).
 */

/** 3 to 40 characters of a-z, 0-9 and -, starting with a letter or a digit. */
export const PROJECT_ID = /^[a-z0-9][a-z0-9-]{2,39}$/;

/** The rule in words, for messages that name the fix. */
export const PROJECT_ID_RULE = '3 to 40 characters of a-z, 0-9 and -, starting with a letter or a digit';

export function isProjectId(value: string): boolean {
  return PROJECT_ID.test(value);
}
