/**
 * Rows of the attribute table that `<docent-feedback>` reads (besides `theme`, an element row). They load with the
 * feedback chunk, and with the dialog, whose rows include them (dialogRows.ts), so the feedback chunk carries none
 * of the dialog's rows.
 */
import { enumeration } from './elementTypes.js';
import { ALL_ELEMENTS, type AttributeRows, type FeedbackOptionName } from './model.js';
import { absoluteUrl, boolean, projectId } from './dialogTypes.js';

export const FEEDBACK_ROWS: AttributeRows<FeedbackOptionName> = {
  project: {
    name: 'project', prop: 'project', type: projectId, default: '', defaultLabel: 'required', required: true,
    elements: ALL_ELEMENTS, group: 'connection', description: 'The id of your project, for example `my-project`.',
  },
  apiUrl: {
    name: 'api-url', prop: 'apiUrl', type: absoluteUrl, default: undefined, defaultLabel: 'none: static mode',
    elements: ALL_ELEMENTS, group: 'connection', description: 'Base URL of a Docent server; when set, the widget runs in connected mode.',
  },
  hideBranding: {
    name: 'hide-branding', prop: 'hideBranding', type: boolean, default: false,
    elements: ALL_ELEMENTS, group: 'branding', description: 'Hide "Powered by Docent".',
  },
  rating: {
    name: 'rating', prop: 'rating', type: enumeration, values: ['up', 'down'], default: undefined, defaultLabel: 'none',
    elements: ['feedback'], group: 'feedback', description: 'Render one thumb button, for inline use, instead of the full block.',
  },
};
