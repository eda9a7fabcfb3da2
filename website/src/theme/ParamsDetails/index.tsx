import type ParamsDetailsType from 'docusaurus-theme-openapi-docs/lib/theme/ParamsDetails';
import type { WrapperProps } from '@docusaurus/types';
import { inTurn } from '@site/src/components/MountInTurn';
import { ParamsText } from '@site/src/components/ApiSchemaText';

/** The theme renders this part in the browser only; here it waits its turn, its code loads then, and the server renders its text. */
export default inTurn<WrapperProps<typeof ParamsDetailsType>>(() => import('@theme-original/ParamsDetails'), ParamsText);
