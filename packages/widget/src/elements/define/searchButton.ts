// Registers <docent-search-button> alone: a React component loads only the element it renders.
import { DocentSearchButton } from '../searchButton.js';
import { define } from './define.js';

define('docent-search-button', DocentSearchButton);
