import { benchConfig } from './variants';

/** The site with the search button as the only Docent element on the page: see variants.ts. */
export default benchConfig(true);
