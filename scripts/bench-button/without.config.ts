import { benchConfig } from './variants';

/** The site without the search button (nor any other Docent element on the page): see variants.ts. */
export default benchConfig(false);
