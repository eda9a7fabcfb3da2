/**
 * Runs `then` once, when `element` comes within `rootMargin` of the viewport (at once where that cannot be observed:
 * no element, or no IntersectionObserver). Returns the function that stops watching.
 */
export function whenNear(element: Element | null, rootMargin: string, then: () => void): () => void {
  if (!element || typeof IntersectionObserver === 'undefined') {
    then();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    { rootMargin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
