/** Registers a Docent element once (a second copy of the code on the page is harmless). */
export function define(tag: string, constructor: CustomElementConstructor): void {
  if (typeof customElements !== 'undefined' && !customElements.get(tag)) customElements.define(tag, constructor);
}
