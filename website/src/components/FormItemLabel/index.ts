import { createContext } from 'react';

/**
 * The label of the API explorer's form item being rendered. The theme shows it in a `<label>` tied to no control,
 * so the explorer's own select names itself with it instead.
 */
export const FormItemLabel = createContext<string | undefined>(undefined);
