// The navbar's search slot with nothing in it, for the bench's build without the search button (variants.ts).
export default function NoSearchBar() {
  return null;
}
